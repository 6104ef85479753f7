import { type Kysely, sql } from 'kysely';
import { idColumn, isPostgres } from './helpers';

/**
 * Personal data shown to those who need it (docs/privacy.md): the access log (every reveal of a
 * masked value, every export with personal columns, every identity document opened), and on each
 * case whether the privacy notice was read to the reporter and they agreed to be contacted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('access_log')
    .$call(idColumn(db))
    .addColumn('at', 'text', (c) => c.notNull())
    // Null for an Admin's export across NGOs.
    .addColumn('ngo_id', 'integer')
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'text')
    .addColumn('actor_role', 'text')
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .execute();
  // The log page reads an NGO's entries newest first; an Admin's across NGOs by time alone.
  await db.schema.createIndex('access_log_ngo_at').on('access_log').columns(['ngo_id', 'at']).execute();
  await db.schema.createIndex('access_log_at').on('access_log').column('at').execute();
  // Entries are never changed. Deleting stays possible for the retention of docs/privacy.md (a year at least).
  if (isPostgres(db)) {
    await sql`CREATE FUNCTION access_log_no_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'access_log entries are never changed'; END; $$`.execute(db);
    await sql`CREATE TRIGGER access_log_no_update BEFORE UPDATE ON access_log
      FOR EACH ROW EXECUTE FUNCTION access_log_no_update()`.execute(db);
  } else {
    await sql`CREATE TRIGGER access_log_no_update BEFORE UPDATE ON access_log
      BEGIN SELECT RAISE(ABORT, 'access_log entries are never changed'); END`.execute(db);
  }

  await db.schema.alterTable('cases').addColumn('privacy_notice_given', 'text').execute();
  await db.schema.alterTable('cases').addColumn('contact_consent', 'text').execute();
  await db.schema.alterTable('cases').addColumn('privacy_notice_version', 'text').execute();
  await db.schema.alterTable('cases').addColumn('privacy_notice_at', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('024-personal-data-access cannot be reverted: restore from a backup instead.');
}
