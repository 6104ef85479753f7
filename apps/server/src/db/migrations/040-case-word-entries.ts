import { type Kysely, sql } from 'kysely';
import { CASE_STATUS_CODES, CASE_TYPE_CODES, codeSql } from './014-case-search-counts';
import { CASE_WORDS_022 } from './022-case-search-across-scripts';
import { isPostgres } from './helpers';

/**
 * PostgreSQL: the case word index as a narrow table of words (docs/decisions/033), in place of
 * 022's tsvector column and its GIN index. SQLite is unchanged (its FTS5 shards, 014-022).
 *
 * One row per word of each live case: the NGO, the word, the case, and the case's type and status
 * as one code (type code * 8 + status code, the codes of 014). Its primary key (ngo_id, word,
 * case_id) INCLUDE (state) is the whole index: a search word is a range of it ("shar" is every
 * word from "shar" up to "shas", byte order: the column's collation is "C"), read by an index-only
 * scan that answers the case and its status without reading a case row. A search's counts per
 * status and its page of ids come from the keys alone, as on SQLite.
 *
 * The words are the lexemes of 022's tsvector (the same text, the same regular expression and
 * parser), so every search finds what it found with the GIN index.
 *
 * Triggers keep the table in the transaction of every write of a case: rows inserted a statement
 * at a time (the seeder writes cases a batch at a time), and a case's entries removed and written
 * again when its words, NGO, type, status or deletion change. Other saves do not touch it.
 *
 * The table is filled from the live cases a range of ids at a time, before its key is built (one
 * sort instead of a million insertions into a b-tree). The triggers come first: they lock the
 * cases table against writes until the migration commits, so nothing written meanwhile is missed.
 * After a fill the table needs a VACUUM before its index-only scans skip the table (autovacuum
 * does it after a bulk insert; the bench and the seeder run one).
 */

/** Cases read a range of ids at a time while the table is filled. */
const FILL_BATCH = 100_000;

/** A case's words, as an array of lexemes (row prefix 'NEW.', 'OLD.' or none). */
function wordsSql(row: 'NEW.' | 'OLD.' | ''): string {
  return `tsvector_to_array(to_tsvector('simple', regexp_replace(${CASE_WORDS_022.sql(row)}, '[^[:alnum:]]+', ' ', 'g')))`;
}

/** A case's type and status as one code: type code * 8 + status code (014's codes). */
function stateSql(row: 'NEW.' | 'OLD.' | ''): string {
  return `${codeSql(`${row}type`, CASE_TYPE_CODES)} * 8 + ${codeSql(`${row}status`, CASE_STATUS_CODES)}`;
}

/** The entries of the live cases in `table` (cases, or a trigger's transition table): ngo_id, word, case_id, state. */
export function caseWordEntriesSql(table: string): string {
  return `SELECT ngo_id, w.word, id, ${stateSql('')} FROM ${table}, LATERAL unnest(${wordsSql('')}) AS w(word) WHERE deleted_at IS NULL`;
}

/** What moves a case's entries: its words' columns, its NGO, type, status and deletion. */
const ENTRY_COLUMNS = [...CASE_WORDS_022.columns, 'ngo_id', 'type', 'status', 'deleted_at'];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`CREATE TABLE case_word_entries (
    ngo_id integer NOT NULL,
    word text COLLATE "C" NOT NULL,
    case_id integer NOT NULL,
    state smallint NOT NULL)`.execute(db);

  await sql.raw(`CREATE FUNCTION case_word_entries_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO case_word_entries (ngo_id, word, case_id, state) ${caseWordEntriesSql('new_cases')};
      RETURN NULL;
    END $$`).execute(db);
  await sql.raw(`CREATE FUNCTION case_word_entries_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
        DELETE FROM case_word_entries WHERE ngo_id = OLD.ngo_id AND case_id = OLD.id AND word = ANY (${wordsSql('OLD.')});
      END IF;
      IF TG_OP = 'UPDATE' AND NEW.deleted_at IS NULL THEN
        INSERT INTO case_word_entries (ngo_id, word, case_id, state)
        SELECT NEW.ngo_id, w.word, NEW.id, ${stateSql('NEW.')} FROM unnest(${wordsSql('NEW.')}) AS w(word);
      END IF;
      RETURN NULL;
    END $$`).execute(db);
  const changed = sql.raw(ENTRY_COLUMNS.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR '));
  await sql`CREATE TRIGGER case_word_entries_insert AFTER INSERT ON cases REFERENCING NEW TABLE AS new_cases
    FOR EACH STATEMENT EXECUTE FUNCTION case_word_entries_insert()`.execute(db);
  await sql`CREATE TRIGGER case_word_entries_update AFTER UPDATE ON cases FOR EACH ROW WHEN (${changed})
    EXECUTE FUNCTION case_word_entries_change()`.execute(db);
  await sql`CREATE TRIGGER case_word_entries_delete AFTER DELETE ON cases FOR EACH ROW WHEN (OLD.deleted_at IS NULL)
    EXECUTE FUNCTION case_word_entries_change()`.execute(db);

  const { rows } = await sql<{ last: number | null }>`SELECT max(id) AS last FROM cases`.execute(db);
  const last = Number(rows[0]?.last ?? 0);
  for (let from = 0; from <= last; from += FILL_BATCH) {
    await sql`INSERT INTO case_word_entries (ngo_id, word, case_id, state)
      ${sql.raw(caseWordEntriesSql('cases'))} AND id > ${from} AND id <= ${from + FILL_BATCH}`.execute(db);
  }
  await sql`ALTER TABLE case_word_entries ADD PRIMARY KEY (ngo_id, word, case_id) INCLUDE (state)`.execute(db);
  await sql`ANALYZE case_word_entries`.execute(db);

  await sql`DROP INDEX cases_words`.execute(db);
  await sql`ALTER TABLE cases DROP COLUMN search_words`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('040-case-word-entries cannot be reverted: restore from a backup instead.');
}
