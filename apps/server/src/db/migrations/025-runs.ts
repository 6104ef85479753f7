import type { Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Runs (issue 36): a day's catching or release drive of an NGO, its ordered stops (each a case and
 * the crew's mark on it), and the NGO's base point a run may start from. An ended run is kept as
 * the capture register of the ABC Rules.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ngos').addColumn('base_latitude', 'double precision').execute();
  await db.schema.alterTable('ngos').addColumn('base_longitude', 'double precision').execute();

  await db.schema
    .createTable('runs')
    .$call(idColumn(db))
    .addColumn('ngo_id', 'integer', (c) => c.notNull().references('ngos.id'))
    .addColumn('run_date', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // The squad's user ids as a JSON list, as a case's catching squad is kept.
    .addColumn('squad', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('vehicle', 'text')
    .addColumn('locality', 'text')
    .addColumn('start_source', 'text', (c) => c.notNull())
    .addColumn('start_latitude', 'double precision', (c) => c.notNull())
    .addColumn('start_longitude', 'double precision', (c) => c.notNull())
    .addColumn('total_m', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The list: an NGO's runs, the latest day first.
  await db.schema.createIndex('runs_ngo_date').on('runs').columns(['ngo_id', 'run_date', 'id']).execute();

  await db.schema
    .createTable('run_stops')
    .$call(idColumn(db))
    .addColumn('ngo_id', 'integer', (c) => c.notNull().references('ngos.id'))
    .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('case_id', 'integer', (c) => c.notNull().references('cases.id'))
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('mark', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reason', 'text')
    .addColumn('marked_date', 'text')
    .addColumn('marked_time', 'text')
    .addColumn('mark_latitude', 'double precision')
    .addColumn('mark_longitude', 'double precision')
    .addColumn('mark_accuracy', 'double precision')
    .addColumn('marked_by', 'integer')
    .addColumn('marked_at', 'text')
    .execute();
  await db.schema.createIndex('run_stops_run_position').on('run_stops').columns(['run_id', 'position']).unique().execute();
  await db.schema.createIndex('run_stops_case').on('run_stops').columns(['ngo_id', 'case_id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('025-runs cannot be reverted: restore from a backup instead.');
}
