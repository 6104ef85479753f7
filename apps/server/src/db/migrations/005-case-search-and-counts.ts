import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers';

/**
 * Dashboard speed at a million cases (docs/decisions/004-case-search-and-counts.md):
 * - case_counts: live cases per NGO, type and status, kept by triggers, so the tiles never count rows;
 * - a trigram index over the searched text, so "contains" search uses an index:
 *   SQLite FTS5 with the trigram tokenizer, PostgreSQL pg_trgm.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('case_counts')
    .addColumn('ngo_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('case_counts_pk', ['ngo_id', 'type', 'status'])
    .execute();
  await sql`INSERT INTO case_counts (ngo_id, type, status, n)
    SELECT ngo_id, type, status, count(*) FROM cases WHERE deleted_at IS NULL GROUP BY ngo_id, type, status`.execute(db);

  if (isPostgres(db)) {
    await sql`CREATE FUNCTION case_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
          UPDATE case_counts SET n = n - 1 WHERE ngo_id = OLD.ngo_id AND type = OLD.type AND status = OLD.status;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN
          INSERT INTO case_counts (ngo_id, type, status, n) VALUES (NEW.ngo_id, NEW.type, NEW.status, 1)
            ON CONFLICT (ngo_id, type, status) DO UPDATE SET n = case_counts.n + 1;
        END IF;
        RETURN NULL;
      END; $$`.execute(db);
    await sql`CREATE TRIGGER cases_count_insert_delete AFTER INSERT OR DELETE ON cases FOR EACH ROW EXECUTE FUNCTION case_counts_track()`.execute(db);
    await sql`CREATE TRIGGER cases_count_update AFTER UPDATE OF ngo_id, type, status, deleted_at ON cases FOR EACH ROW EXECUTE FUNCTION case_counts_track()`.execute(db);

    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX cases_search_trgm ON cases USING gin ((${sql.raw(searchTextSql(''))}) gin_trgm_ops)`.execute(db);
    return;
  }

  const minus = (row: 'OLD') => sql.raw(`UPDATE case_counts SET n = n - 1 WHERE ${row}.deleted_at IS NULL AND ngo_id = ${row}.ngo_id AND type = ${row}.type AND status = ${row}.status;`);
  const plus = (row: 'NEW') =>
    sql.raw(`INSERT INTO case_counts (ngo_id, type, status, n) SELECT ${row}.ngo_id, ${row}.type, ${row}.status, 1 WHERE ${row}.deleted_at IS NULL
      ON CONFLICT (ngo_id, type, status) DO UPDATE SET n = n + 1;`);
  await sql`CREATE TRIGGER cases_count_insert AFTER INSERT ON cases BEGIN ${plus('NEW')} END`.execute(db);
  await sql`CREATE TRIGGER cases_count_delete AFTER DELETE ON cases BEGIN ${minus('OLD')} END`.execute(db);
  await sql`CREATE TRIGGER cases_count_update AFTER UPDATE OF ngo_id, type, status, deleted_at ON cases BEGIN ${minus('OLD')} ${plus('NEW')} END`.execute(db);

  await sql`CREATE VIRTUAL TABLE cases_search USING fts5(doc, tokenize = 'trigram')`.execute(db);
  const doc = (row: 'NEW.' | '') => sql.raw(searchTextSql(row));
  await sql`CREATE TRIGGER cases_search_insert AFTER INSERT ON cases BEGIN INSERT INTO cases_search (rowid, doc) VALUES (NEW.id, ${doc('NEW.')}); END`.execute(db);
  await sql`CREATE TRIGGER cases_search_update AFTER UPDATE OF reporter_name, location, landmark, pincode, status, unique_id ON cases
    BEGIN UPDATE cases_search SET doc = ${doc('NEW.')} WHERE rowid = NEW.id; END`.execute(db);
  await sql`CREATE TRIGGER cases_search_delete AFTER DELETE ON cases BEGIN DELETE FROM cases_search WHERE rowid = OLD.id; END`.execute(db);
  await sql`INSERT INTO cases_search (rowid, doc) SELECT id, ${doc('')} FROM cases`.execute(db);
}

/** The columns the dashboard search looks in. */
export const SEARCHED_COLUMNS = ['reporter_name', 'location', 'landmark', 'pincode', 'status', 'unique_id'] as const;

/** The searched text of a case, lower-cased, fields separated by a character no one types. */
export function searchTextSql(prefix: '' | 'NEW.' | 'cases.'): string {
  return `lower(${SEARCHED_COLUMNS.map((c) => `coalesce(${prefix}${c}, '')`).join(" || '|' || ")})`;
}

export async function down(): Promise<void> {
  throw new Error('005-case-search-and-counts cannot be reverted: restore from a backup instead.');
}
