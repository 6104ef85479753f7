import type { Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * What a reporter adds to an open report from its tracking page (issue 35,
 * docs/citizen-reports.md#adding-to-a-report): a comment, a photo (a stored image's name in the NGO's
 * area, as the report's own photos), or both. Staff read them with the report and on its case.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('citizen_report_additions')
    .$call(idColumn(db))
    .addColumn('ngo_id', 'integer', (c) => c.notNull().references('ngos.id'))
    .addColumn('report_id', 'integer', (c) => c.notNull().references('citizen_reports.id'))
    .addColumn('comment', 'text')
    .addColumn('photo', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('citizen_report_additions_report').on('citizen_report_additions').columns(['ngo_id', 'report_id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('036-report-additions cannot be reverted: restore from a backup instead.');
}
