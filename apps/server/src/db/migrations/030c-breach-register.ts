import type { Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * The breach register (issue 37, docs/privacy.md#breaches): an incident with the time it was
 * discovered (the 72-hour clock runs from it), what happened, the data and the people affected,
 * and when the Data Protection Board was told.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('breaches')
    .$call(idColumn(db))
    .addColumn('ngo_id', 'integer', (c) => c.notNull().references('ngos.id'))
    .addColumn('discovered_at', 'text', (c) => c.notNull())
    .addColumn('what_happened', 'text', (c) => c.notNull())
    .addColumn('data_affected', 'text', (c) => c.notNull())
    .addColumn('people_affected', 'text', (c) => c.notNull())
    .addColumn('people_count', 'integer')
    .addColumn('reported_at', 'text')
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('breaches_ngo_discovered').on('breaches').columns(['ngo_id', 'discovered_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('030c-breach-register cannot be reverted: restore from a backup instead.');
}
