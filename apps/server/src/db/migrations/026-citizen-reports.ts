import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Citizen reports (issue 35, docs/citizen-reports.md): an NGO's public report page (on or off, its
 * address, the pincodes it serves, and a message), and the reports
 * citizens send through it. A report's tracking token is kept only as its SHA-256, so the table
 * alone does not open anyone's tracking page; its short code is unique within the NGO.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ngos').addColumn('public_page_enabled', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('ngos').addColumn('public_slug', 'text').execute();
  await db.schema.alterTable('ngos').addColumn('service_pincodes', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('ngos').addColumn('public_message', 'text').execute();
  await db.schema.createIndex('ngos_public_slug').on('ngos').unique().expression(sql`lower(public_slug)`).execute();

  await db.schema
    .createTable('citizen_reports')
    .$call(idColumn(db))
    .addColumn('ngo_id', 'integer', (c) => c.notNull().references('ngos.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('accuracy_m', 'double precision')
    .addColumn('address', 'text')
    .addColumn('pincode', 'text')
    .addColumn('outside_area', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('animal_type', 'text', (c) => c.notNull())
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('reporter_name', 'text', (c) => c.notNull())
    .addColumn('reporter_phone', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('consent_notice_version', 'text', (c) => c.notNull())
    .addColumn('consent_at', 'text', (c) => c.notNull())
    .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('decline_reason', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'integer', (c) => c.references('users.id'))
    .addColumn('case_id', 'integer', (c) => c.references('cases.id'))
    .addColumn('reporter_id', 'integer', (c) => c.references('reporters.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('citizen_reports_ngo_code').on('citizen_reports').unique().columns(['ngo_id', 'code']).execute();
  await db.schema.createIndex('citizen_reports_ngo_status').on('citizen_reports').columns(['ngo_id', 'status', 'created_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('026-citizen-reports cannot be reverted: restore from a backup instead.');
}
