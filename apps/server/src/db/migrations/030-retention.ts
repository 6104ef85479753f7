import type { Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Retention of reporters' personal data (issue 37, docs/privacy.md#how-long): each NGO's period in
 * months after a case closes, the time a record's reporter data was anonymised (null while kept),
 * and `job_runs`, where a daily job claims its run for one NGO and day once, whichever server
 * instance gets there first (the unique key refuses the others).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ngos').addColumn('retention_months', 'integer', (c) => c.notNull().defaultTo(12)).execute();
  await db.schema.alterTable('cases').addColumn('reporter_anonymised_at', 'text').execute();
  await db.schema.alterTable('reporters').addColumn('anonymised_at', 'text').execute();
  await db.schema.alterTable('citizen_reports').addColumn('reporter_anonymised_at', 'text').execute();

  await db.schema
    .createTable('job_runs')
    .$call(idColumn(db))
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('ngo_id', 'integer', (c) => c.notNull().references('ngos.id'))
    // The day on the NGOs' calendar (YYYY-MM-DD) the run is for.
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    // What the run changed, as JSON counts; written in the run's own transaction.
    .addColumn('result', 'text')
    .execute();
  await db.schema.createIndex('job_runs_job_ngo_day').on('job_runs').unique().columns(['job', 'ngo_id', 'day']).execute();
}

export async function down(): Promise<void> {
  throw new Error('030-retention cannot be reverted: restore from a backup instead.');
}
