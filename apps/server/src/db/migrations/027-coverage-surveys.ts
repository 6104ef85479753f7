import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Coverage surveys (issue 39, docs/coverage.md): an NGO's wards, the surveys walked in them and the
 * dogs seen on each walk. Surveys and sightings carry the id the phone gave them (`uid`), so a walk
 * recorded offline and sent later, or sent twice, is one survey with each dog once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wards')
    .$call(idColumn(db))
    .addColumn('ngo_id', 'integer', (c) => c.notNull().references('ngos.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('pincode', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wards_ngo_name').on('wards').unique().expression(sql`ngo_id, lower(name)`).execute();

  await db.schema
    .createTable('surveys')
    .$call(idColumn(db))
    .addColumn('ngo_id', 'integer', (c) => c.notNull().references('ngos.id'))
    .addColumn('ward_id', 'integer', (c) => c.notNull().references('wards.id'))
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('survey_date', 'text', (c) => c.notNull())
    .addColumn('route_note', 'text')
    .addColumn('surveyor_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('surveys_ngo_uid').on('surveys').unique().columns(['ngo_id', 'uid']).execute();
  await db.schema.createIndex('surveys_ward_date').on('surveys').columns(['ward_id', 'survey_date']).execute();

  await db.schema
    .createTable('survey_sightings')
    .$call(idColumn(db))
    .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id'))
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('notched', 'integer', (c) => c.notNull())
    .addColumn('vaccinated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('accuracy_m', 'double precision')
    .addColumn('photo', 'text')
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('survey_sightings_survey_uid').on('survey_sightings').unique().columns(['survey_id', 'uid']).execute();
}

export async function down(): Promise<void> {
  throw new Error('027-coverage-surveys cannot be reverted: restore from a backup instead.');
}
