import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers';

/**
 * A version number per NGO that changes whenever anything the dashboard shows of its cases
 * changes: a case created, deleted, restored, moved, or edited in a listed column, or a user
 * renamed (the "Created By" column). A server may keep a dashboard answer for as long as the
 * version stays the same (docs/decisions/006-dashboard-answer-cache.md). Triggers keep it, so
 * every writer (the app, the seeder, another server instance) moves it.
 */
const LISTED_COLUMNS = ['ngo_id', 'type', 'status', 'mortality', 'cause_of_failure', 'reporter_name', 'location', 'landmark', 'pincode', 'unique_id', 'created_by', 'deleted_at'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('case_list_versions')
    .addColumn('ngo_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO case_list_versions (ngo_id, version) SELECT DISTINCT ngo_id, 1 FROM cases`.execute(db);
  const columns = sql.raw(LISTED_COLUMNS.join(', '));

  if (isPostgres(db)) {
    await sql`CREATE FUNCTION case_list_versions_bump(ngo integer) RETURNS void LANGUAGE sql AS $$
      INSERT INTO case_list_versions (ngo_id, version) VALUES (ngo, 1)
        ON CONFLICT (ngo_id) DO UPDATE SET version = case_list_versions.version + 1;
      $$`.execute(db);
    await sql`CREATE FUNCTION case_list_versions_track() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM case_list_versions_bump(OLD.ngo_id); END IF;
        IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.ngo_id <> OLD.ngo_id) THEN PERFORM case_list_versions_bump(NEW.ngo_id); END IF;
        RETURN NULL;
      END; $$`.execute(db);
    await sql`CREATE TRIGGER case_list_versions_insert_delete AFTER INSERT OR DELETE ON cases FOR EACH ROW EXECUTE FUNCTION case_list_versions_track()`.execute(db);
    await sql`CREATE TRIGGER case_list_versions_update AFTER UPDATE OF ${columns} ON cases FOR EACH ROW EXECUTE FUNCTION case_list_versions_track()`.execute(db);
    await sql`CREATE FUNCTION case_list_versions_all() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE case_list_versions SET version = version + 1; RETURN NULL; END; $$`.execute(db);
    await sql`CREATE TRIGGER case_list_versions_user_name AFTER UPDATE OF name ON users FOR EACH ROW
      WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION case_list_versions_all()`.execute(db);
    return;
  }

  const bump = (row: 'NEW' | 'OLD') =>
    sql.raw(`INSERT INTO case_list_versions (ngo_id, version) VALUES (${row}.ngo_id, 1) ON CONFLICT (ngo_id) DO UPDATE SET version = version + 1;`);
  await sql`CREATE TRIGGER case_list_versions_insert AFTER INSERT ON cases BEGIN ${bump('NEW')} END`.execute(db);
  await sql`CREATE TRIGGER case_list_versions_delete AFTER DELETE ON cases BEGIN ${bump('OLD')} END`.execute(db);
  await sql`CREATE TRIGGER case_list_versions_update AFTER UPDATE OF ${columns} ON cases BEGIN ${bump('OLD')} END`.execute(db);
  await sql`CREATE TRIGGER case_list_versions_move AFTER UPDATE OF ngo_id ON cases WHEN NEW.ngo_id <> OLD.ngo_id BEGIN ${bump('NEW')} END`.execute(db);
  await sql`CREATE TRIGGER case_list_versions_user_name AFTER UPDATE OF name ON users WHEN NEW.name IS NOT OLD.name
    BEGIN UPDATE case_list_versions SET version = version + 1; END`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('007-case-list-versions cannot be reverted: restore from a backup instead.');
}
