import type { Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * The register of data requests (issue 37, docs/privacy.md#requests): an access or erasure request
 * about one person, by phone number or name, with the day it was received, the day it is due
 * (30 days later unless set), the day it was done and who handled it, and for an erasure the
 * reason and what it emptied and kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_requests')
    .$call(idColumn(db))
    .addColumn('ngo_id', 'integer', (c) => c.notNull().references('ngos.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('received_on', 'text', (c) => c.notNull())
    .addColumn('due_on', 'text', (c) => c.notNull())
    .addColumn('subject_phone', 'text')
    .addColumn('subject_name', 'text')
    .addColumn('done_on', 'text')
    .addColumn('handled_by', 'integer', (c) => c.references('users.id'))
    .addColumn('handled_by_name', 'text')
    .addColumn('reason', 'text')
    // JSON: what an erasure emptied and what it kept, and why.
    .addColumn('outcome', 'text')
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('data_requests_ngo_received').on('data_requests').columns(['ngo_id', 'received_on']).execute();
}

export async function down(): Promise<void> {
  throw new Error('030b-data-requests cannot be reverted: restore from a backup instead.');
}
