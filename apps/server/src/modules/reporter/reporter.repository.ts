import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { TenantRecords } from '../../db/tenant-records';

export class ReporterRepository extends TenantRecords<'reporters'> {
  constructor(db: Kysely<DB>) {
    super(db, 'reporters', ['name', 'email', 'contact']);
  }
}
