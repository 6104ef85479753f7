import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers';

/**
 * Dashboard search by word prefixes instead of trigrams (docs/decisions/005-case-word-search.md).
 * At a million cases a trigram index answers a common word ("sharma", "indiranagar") slowly,
 * because every trigram of the word has a long posting list; one posting list per word is several
 * times cheaper (docs/performance/2026-11-23.md). Status is left out of the index: its six values
 * are matched against the counters.
 *
 * - SQLite: a contentless FTS5 table (unicode61 tokenizer, prefix indexes) whose rowid is
 *   ngo_id * 2^32 + case id, so a search inside one NGO reads one rowid range. Live cases only,
 *   kept by triggers.
 * - PostgreSQL: a stored tsvector column, search_words, and a GIN index over (ngo_id, search_words)
 *   of live cases (btree_gin puts the NGO into the same index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP INDEX IF EXISTS cases_search_trgm`.execute(db);
    await sql`CREATE EXTENSION IF NOT EXISTS btree_gin`.execute(db);
    // A stored column, not an index expression: the planner keeps statistics on it (so a rare word
    // is looked up in the index and a common one read newest-first), and rechecking a row does not
    // run the regular expression again.
    await sql`ALTER TABLE cases ADD COLUMN search_words tsvector GENERATED ALWAYS AS (${sql.raw(caseTsvectorSql())}) STORED`.execute(db);
    await sql`CREATE INDEX cases_words ON cases USING gin (ngo_id, search_words) WHERE deleted_at IS NULL`.execute(db);
    return;
  }

  for (const trigger of ['cases_search_insert', 'cases_search_update', 'cases_search_delete']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(trigger)}`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS cases_search`.execute(db);

  await sql`CREATE VIRTUAL TABLE case_words USING fts5(
    words, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3', content = '', contentless_delete = 1)`.execute(db);
  const key = (row: 'NEW.' | 'OLD.' | '') => sql.raw(`${row}ngo_id * ${NGO_ROWID_FACTOR} + ${row}id`);
  const words = (row: 'NEW.' | '') => sql.raw(caseWordsSql(row));
  await sql`CREATE TRIGGER case_words_insert AFTER INSERT ON cases WHEN NEW.deleted_at IS NULL
    BEGIN INSERT INTO case_words (rowid, words) VALUES (${key('NEW.')}, ${words('NEW.')}); END`.execute(db);
  await sql`CREATE TRIGGER case_words_update AFTER UPDATE OF ngo_id, reporter_name, location, landmark, pincode, unique_id, deleted_at ON cases
    BEGIN
      DELETE FROM case_words WHERE rowid = ${key('OLD.')};
      INSERT INTO case_words (rowid, words) SELECT ${key('NEW.')}, ${words('NEW.')} WHERE NEW.deleted_at IS NULL;
    END`.execute(db);
  await sql`CREATE TRIGGER case_words_delete AFTER DELETE ON cases
    BEGIN DELETE FROM case_words WHERE rowid = ${key('OLD.')}; END`.execute(db);
  await sql`INSERT INTO case_words (rowid, words) SELECT ${key('')}, ${words('')} FROM cases WHERE deleted_at IS NULL`.execute(db);
}

/** SQLite: the FTS rowid of a case is ngo_id * 2^32 + id (case ids stay below 2^32). */
export const NGO_ROWID_FACTOR = 4294967296;

/** The fields the search box looks in, besides status (matched by name, not indexed). */
export const CASE_WORD_COLUMNS = ['reporter_name', 'location', 'landmark', 'pincode', 'unique_id'] as const;

/** The searched words of a case as one text, fields separated by a space. */
export function caseWordsSql(prefix: '' | 'NEW.' | 'OLD.' | 'cases.'): string {
  return CASE_WORD_COLUMNS.map((c) => `coalesce(${prefix}${c}, '')`).join(" || ' ' || ");
}

/**
 * PostgreSQL: the words as a tsvector. Everything but letters and digits becomes a space first, so
 * "PUNE-777" gives "pune" and "777" and "12.5" gives "12" and "5", as SQLite's tokenizer splits them
 * (PostgreSQL's own parser would keep "-777" and "12.5" whole).
 */
function caseTsvectorSql(): string {
  return `to_tsvector('simple', regexp_replace(${caseWordsSql('')}, '[^[:alnum:]]+', ' ', 'g'))`;
}

export async function down(): Promise<void> {
  throw new Error('006-case-word-search cannot be reverted: restore from a backup instead.');
}
