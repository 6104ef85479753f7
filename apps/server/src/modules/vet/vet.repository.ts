import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { TenantRecords } from '../../db/tenant-records';

export class VetRepository extends TenantRecords<'vets'> {
  constructor(db: Kysely<DB>) {
    super(db, 'vets', ['name', 'reg_id']);
  }
}
