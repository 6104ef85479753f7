import { type Kysely, sql } from 'kysely';
import { CASE_WORD_COLUMNS, caseWordsSql } from './006-case-word-search';
import { isPostgres } from './helpers';

/**
 * A search's status counts read from the word index itself (docs/decisions/005, "Amended").
 *
 * SQLite: the one FTS5 table of 006 becomes CASE_WORD_SHARDS tables (`case_words_0` ...), a case
 * in the one of its NGO id modulo their number, so a search in one NGO decodes the postings of its
 * shard only, not every NGO's. Each case's rowid now also carries its type and status:
 *
 *   rowid = ngo_id * 2^38 + id * 64 + type code * 8 + status code
 *
 * so one NGO is one rowid range, id order is rowid order within it, and a search's counts per
 * status (and its type filter) are read from the rowids the index returns, without reading a case
 * row. Triggers keep the shards: a change of type or status moves the case's entry like a change
 * of its words does; edits that change none of the indexed values touch nothing.
 *
 * The codes are fixed here, not taken from the order of the shared lists: the rows already
 * written hold them. A new status or type needs a migration that adds its code (a test checks
 * that every status and type has one).
 *
 * PostgreSQL keeps its GIN index (006); its counts read the matched rows
 * (docs/performance/2026-11-23.md, "Hot paths of issue 19").
 */
export const CASE_WORD_SHARDS = 16;
/** The rowid of a case in its shard is ngo_id * 2^38 + ...: case ids stay below 2^32. */
export const NGO_ROWID_FACTOR = 2 ** 38;
export const CASE_ID_MASK = 2 ** 32 - 1;
export const CASE_TYPE_CODES: Readonly<Record<string, number>> = { Sterilization: 0, OPD: 1, IPD: 2, Vaccination: 3 };
export const CASE_STATUS_CODES: Readonly<Record<string, number>> = { Reported: 0, Admitted: 1, 'Blood Test': 2, Operation: 3, 'Post Operation': 4, Released: 5 };
/** A value without a code (none today): counted nowhere, found by no type or status filter. */
const UNKNOWN_CODE = 7;

/** The FTS shard table that holds an NGO's cases. */
export function caseWordShard(ngoId: number): string {
  return `case_words_${ngoId % CASE_WORD_SHARDS}`;
}

export function codeSql(column: string, codes: Readonly<Record<string, number>>): string {
  return `(CASE ${column} ${Object.entries(codes)
    .map(([value, code]) => `WHEN '${value.replaceAll("'", "''")}' THEN ${code}`)
    .join(' ')} ELSE ${UNKNOWN_CODE} END)`;
}

/** The rowid of a case (row prefix 'NEW.', 'OLD.' or none). */
function keySql(row: 'NEW.' | 'OLD.' | ''): string {
  return `${row}ngo_id * ${NGO_ROWID_FACTOR} + ${row}id * 64 + ${codeSql(`${row}type`, CASE_TYPE_CODES)} * 8 + ${codeSql(`${row}status`, CASE_STATUS_CODES)}`;
}

/**
 * What a case's entry holds: the columns its words come from, and its words as one SQL text (row
 * prefix 'NEW.', 'OLD.' or none). 006's words until migration 022 added more.
 */
export interface CaseWordSource {
  columns: readonly string[];
  sql: (row: 'NEW.' | 'OLD.' | '') => string;
}

const WORDS_OF_006: CaseWordSource = { columns: CASE_WORD_COLUMNS, sql: (row) => caseWordsSql(row) };

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await createCaseWordShards(db, '1 2 3');
}

/**
 * How a case's old entry leaves its shard when the case changes or goes: 'tombstones' (014, 017):
 * `contentless_delete = 1` tables and a DELETE by rowid, which FTS5 records as a tombstone that every
 * later search of that segment checks for each entry it reads; 'delete markers' (018): FTS5's
 * 'delete' command with the entry's old words, recorded as markers in a new segment, which cancel
 * their entries when segments are read together or merged.
 */
export type CaseWordDeletes = 'tombstones' | 'delete markers';

/**
 * (Re)creates the FTS shards with the given FTS5 prefix indexes, their triggers, and fills them from
 * the live cases. Also used by 017 (longer prefix indexes) and 018 (delete markers): FTS5 options
 * cannot be changed in place.
 */
export async function createCaseWordShards(db: Kysely<unknown>, prefix: string, deletes: CaseWordDeletes = 'tombstones', words: CaseWordSource = WORDS_OF_006): Promise<void> {
  // Every column the entry is made of: a change to any of them rewrites the entry (018's delete
  // markers must carry the words the entry was written with).
  const indexedColumns = ['ngo_id', 'type', 'status', ...words.columns, 'deleted_at'];
  for (const trigger of ['case_words_insert', 'case_words_update', 'case_words_delete']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(trigger)}`.execute(db);
  }
  // 006's single table, replaced by the shards.
  await sql`DROP TABLE IF EXISTS case_words`.execute(db);

  const shards = Array.from({ length: CASE_WORD_SHARDS }, (_, k) => k);
  for (const k of shards) {
    await sql`DROP TABLE IF EXISTS ${sql.raw(`case_words_${k}`)}`.execute(db);
    await sql`CREATE VIRTUAL TABLE ${sql.raw(`case_words_${k}`)} USING fts5(
      words, tokenize = 'unicode61 remove_diacritics 2', prefix = '${sql.raw(prefix)}', content = ''${sql.raw(deletes === 'tombstones' ? ', contentless_delete = 1' : '')})`.execute(db);
  }
  const insertInto = (k: number) =>
    `INSERT INTO case_words_${k} (rowid, words) SELECT ${keySql('NEW.')}, ${words.sql('NEW.')} WHERE NEW.deleted_at IS NULL AND NEW.ngo_id % ${CASE_WORD_SHARDS} = ${k};`;
  // A delete marker must carry exactly the words the entry was written with (FTS5's rule for
  // contentless tables), and only an entry that was written may be deleted: a case is in its shard
  // exactly while its deleted_at is null, with the words of its current values.
  const deleteFrom = (k: number) =>
    deletes === 'tombstones'
      ? `DELETE FROM case_words_${k} WHERE OLD.ngo_id % ${CASE_WORD_SHARDS} = ${k} AND rowid = ${keySql('OLD.')};`
      : `INSERT INTO case_words_${k} (case_words_${k}, rowid, words) SELECT 'delete', ${keySql('OLD.')}, ${words.sql('OLD.')} WHERE OLD.deleted_at IS NULL AND OLD.ngo_id % ${CASE_WORD_SHARDS} = ${k};`;
  const changed = indexedColumns.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ');

  await sql`CREATE TRIGGER case_words_insert AFTER INSERT ON cases WHEN NEW.deleted_at IS NULL
    BEGIN ${sql.raw(shards.map(insertInto).join('\n'))} END`.execute(db);
  await sql`CREATE TRIGGER case_words_update AFTER UPDATE OF ${sql.raw(indexedColumns.join(', '))} ON cases WHEN ${sql.raw(changed)}
    BEGIN ${sql.raw([...shards.map(deleteFrom), ...shards.map(insertInto)].join('\n'))} END`.execute(db);
  await sql`CREATE TRIGGER case_words_delete AFTER DELETE ON cases
    BEGIN ${sql.raw(shards.map(deleteFrom).join('\n'))} END`.execute(db);

  for (const k of shards) {
    await sql`INSERT INTO ${sql.raw(`case_words_${k}`)} (rowid, words)
      SELECT ${sql.raw(keySql(''))}, ${sql.raw(words.sql(''))} FROM cases WHERE deleted_at IS NULL AND ngo_id % ${sql.raw(String(CASE_WORD_SHARDS))} = ${sql.raw(String(k))}`.execute(db);
  }
}

/**
 * Merges each shard's segments into one (FTS5's 'optimize'). Rows added one transaction at a time
 * leave an FTS5 index in many segments, and a query looks its words up in each of them; after a
 * bulk load the merged index answers a new search several times faster
 * (docs/performance/2026-11-24.md, "A new search's CPU").
 */
export async function optimizeCaseWordShards<S>(db: Kysely<S>): Promise<void> {
  for (let k = 0; k < CASE_WORD_SHARDS; k++) {
    const table = sql.raw(`case_words_${k}`);
    await sql`INSERT INTO ${table} (${table}) VALUES ('optimize')`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('014-case-search-counts cannot be reverted: restore from a backup instead.');
}
