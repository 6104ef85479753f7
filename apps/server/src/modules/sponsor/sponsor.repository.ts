import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { TenantRecords } from '../../db/tenant-records';

export class SponsorRepository extends TenantRecords<'sponsors'> {
  constructor(db: Kysely<DB>) {
    super(db, 'sponsors', ['name', 'type']);
  }
}
