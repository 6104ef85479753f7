import { CompiledQuery, type Expression, type Kysely, PostgresAdapter, type RawBuilder, type SqlBool, sql } from 'kysely';
import { selectArrays } from './array-rows';
import { CASE_KEY_MASK, decodeMatches } from './case-word-keys';
import type { NgoScope } from './listing';
import { inArea } from './scope';
import { CASE_ID_MASK, CASE_STATUS_CODES, CASE_TYPE_CODES, CASE_WORD_SHARDS, NGO_ROWID_FACTOR, caseWordShard, optimizeCaseWordShards } from './migrations/014-case-search-counts';
import { wordLookup } from '../lib/search-words';
import type { DB } from './schema';
import { type SearchMatches, SearchThreadLost, searchThreadsOf } from './sqlite-search-threads';

/**
 * The case word index (docs/decisions/005): "each of these words begins a word of the case's
 * indexed fields". SQLite: FTS5 tables sharded by NGO whose rowids also carry each case's type and
 * status (migration 014), so a search's page of ids and its counts per status come from the index
 * alone. PostgreSQL: the same from the b-tree of the case_word_entries table (migration 040,
 * docs/decisions/033), one row per word of a case with its type and status. The only
 * dialect-specific queries of the case list; services never see them.
 */

/** Part of a search: cases with one of these statuses whose fields hold every word. */
export interface WordQuery {
  scope: NgoScope;
  type?: string | undefined;
  statuses: readonly string[];
  words: readonly string[];
}

export function isPostgresDb(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const STATUS_OF_CODE = new Map(Object.entries(CASE_STATUS_CODES).map(([status, code]) => [code, status]));

/**
 * A search word as an index query: its pieces, or one of its phonetic keys, each matched from its
 * beginning (lib/search-words.ts). Words hold letters, marks and digits only (searchWords), and
 * keys Latin letters only, so quoting them is all a query needs.
 */
function wordQuery(word: string, prefix: (text: string) => string, and: string, or: string): string {
  const { tokens, keys } = wordLookup(word);
  const pieces = tokens.map(prefix);
  const own = pieces.length === 1 ? pieces[0]! : `(${pieces.join(and)})`;
  return keys.length === 0 ? own : `(${[own, ...keys.map(prefix)].join(or)})`;
}

function ftsMatch(words: readonly string[]): string {
  return words.map((w) => wordQuery(w, (text) => `"${text}"*`, ' AND ', ' OR ')).join(' AND ');
}

/**
 * PostgreSQL: the words' beginnings as ranges of case_word_entries' key ("shar" is every word from
 * "shar" to "shas" exclusive: the column compares bytes, and UTF-8's byte order is code point
 * order). The next code point after a prefix's last skips the UTF-16 surrogates, which no text holds.
 */
function prefixRange(prefix: string): [string, string] {
  const chars = Array.from(prefix);
  const last = chars.pop()!.codePointAt(0)!;
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
  return [prefix, chars.join('') + String.fromCodePoint(next)];
}

/**
 * PostgreSQL: the cases (id and state: type code * 8 + status code) one word beginning finds, once
 * for each of their words it begins; `distinct` when nothing else makes them one row a case.
 */
function entriesOf(scope: NgoScope, prefix: string, distinct = false): RawBuilder<unknown> {
  const [from, to] = prefixRange(prefix);
  return sql`(select ${sql.raw(distinct ? 'distinct ' : '')}case_id, state from case_word_entries where ${inArea(scope)} and word >= ${from} and word < ${to})`;
}

/**
 * PostgreSQL: the cases of the scope with every word of the query (as wordQuery: pieces together,
 * or any key), each once: the set operations leave no duplicates.
 */
function entriesMatching(scope: NgoScope, words: readonly string[]): RawBuilder<unknown> {
  const perWord = words.map((word) => {
    const { tokens, keys } = wordLookup(word);
    return keys.length === 0 && tokens.length === 1 ? [tokens[0]!] : { tokens, keys };
  });
  const only = perWord.length === 1 ? perWord[0] : undefined;
  if (Array.isArray(only)) return entriesOf(scope, only[0]!, true);
  const sets = perWord.map((lookup) => {
    if (Array.isArray(lookup)) return entriesOf(scope, lookup[0]!);
    const own = lookup.tokens.length === 1 ? entriesOf(scope, lookup.tokens[0]!) : sql`(${sql.join(lookup.tokens.map((t) => entriesOf(scope, t)), sql` intersect `)})`;
    return lookup.keys.length === 0 ? own : sql`(${sql.join([own, ...lookup.keys.map((k) => entriesOf(scope, k))], sql` union `)})`;
  });
  return sets.length === 1 ? sets[0]! : sql`(${sql.join(sets, sql` intersect `)})`;
}

/** PostgreSQL: the type and status conditions of a word query on an entry's state. */
function stateConditions(query: WordQuery): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [sql`true`];
  if (query.type !== undefined) conditions.push(sql`(m.state >> 3) = ${CASE_TYPE_CODES[query.type] ?? -1}`);
  if (query.statuses.length < STATUS_OF_CODE.size) conditions.push(sql`(m.state & 7) in (${sql.join(codesOf(query.statuses).concat(-1))})`);
  return sql.join(conditions, sql` and `);
}

/** PostgreSQL: a word query's matches as one text of keys (id * 64 + state) in id order, as SQLite's shards answer (case-word-keys.ts). */
function entryKeysSelect(query: WordQuery): RawBuilder<unknown> {
  return sql`select string_agg((m.case_id::bigint * 64 + m.state)::text, ',' order by m.case_id) as keys
    from ${entriesMatching(query.scope, query.words)} as m where ${stateConditions(query)}`;
}

/** Every word shard's table, by shard number. */
const CASE_WORD_TABLES: readonly string[] = Array.from({ length: CASE_WORD_SHARDS }, (_, k) => `case_words_${k}`);

/** The shards to read and, for one NGO, its rowid range (as BigInts: past 2^53 for NGO ids from 2^15). */
function shardsOf(scope: NgoScope): Array<{ table: string; range?: [bigint, bigint] }> {
  if (scope === 'all') return CASE_WORD_TABLES.map((table) => ({ table }));
  return [{ table: caseWordShard(scope), range: [BigInt(scope) * BigInt(NGO_ROWID_FACTOR), BigInt(scope + 1) * BigInt(NGO_ROWID_FACTOR) - 1n] }];
}

function codesOf(statuses: readonly string[]): number[] {
  return statuses.map((s) => CASE_STATUS_CODES[s]).filter((c): c is number => c !== undefined);
}

/** One word query over one shard: the matching rowids, filtered by type and status from their bits. */
function shardSelect(shard: { table: string; range?: [bigint, bigint] }, query: WordQuery, select: RawBuilder<unknown>): RawBuilder<unknown> {
  const table = sql.table(shard.table);
  const conditions: RawBuilder<unknown>[] = [sql`${table} match ${ftsMatch(query.words)}`];
  if (shard.range) conditions.push(sql`rowid between ${shard.range[0]} and ${shard.range[1]}`);
  if (query.type !== undefined) conditions.push(sql`((rowid >> 3) & 7) = ${CASE_TYPE_CODES[query.type] ?? -1}`);
  if (query.statuses.length < STATUS_OF_CODE.size) conditions.push(sql`(rowid & 7) in (${sql.join(codesOf(query.statuses).concat(-1))})`);
  return sql`select ${select} from ${table} where ${sql.join(conditions, sql` and `)}`;
}

/**
 * SQLite: a page of the ids matching any of the word queries, newest first (or oldest first, for
 * a page counted from the oldest end), read from the index alone.
 */
export async function indexedPage(db: Kysely<DB>, queries: readonly WordQuery[], page: { limit: number; offset: number; ascending: boolean }): Promise<number[]> {
  const scope = queries[0]?.scope;
  if (scope === undefined) return [];
  const direction = sql.raw(page.ascending ? 'asc' : 'desc');
  if (isPostgresDb(db)) {
    const parts = queries.map((query) => sql`select m.case_id as id from ${entriesMatching(scope, query.words)} as m where ${stateConditions(query)}`);
    const { rows } = await sql<{ id: number }>`select id from (${sql.join(parts, sql` union all `)}) as p order by id ${direction} limit ${page.limit} offset ${page.offset}`.execute(db);
    return rows.map((r) => r.id);
  }
  const shards = shardsOf(scope);
  const id = sql`(rowid >> 6) & ${sql.raw(String(CASE_ID_MASK))}`;
  if (shards.length === 1 && queries.length === 1) {
    // One NGO, one query: FTS5 walks its rowids in order, so only the page is read.
    const only = shardSelect(shards[0]!, queries[0]!, sql`${id} as id`);
    const { rows } = await sql<{ id: number }>`${only} order by rowid ${direction} limit ${page.limit} offset ${page.offset}`.execute(db);
    return rows.map((r) => r.id);
  }
  const parts = shards.flatMap((shard) => queries.map((query) => shardSelect(shard, query, sql`${id} as id`)));
  const { rows } = await sql<{ id: number }>`select id from (${sql.join(parts, sql` union all `)}) order by id ${direction} limit ${page.limit} offset ${page.offset}`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * After a bulk load (the seeder): SQLite merges each word shard into one segment (FTS5's
 * 'optimize'); rows written a batch at a time leave many, and a search looks each word up in every
 * one of them. PostgreSQL: nothing to do.
 */
export async function optimizeCaseWords(db: Kysely<DB>): Promise<void> {
  if (!isPostgresDb(db)) await optimizeCaseWordShards(db);
}

/** How FTS5 holds one word shard: its b-tree segments and their leaf pages. */
export interface CaseWordShardShape {
  table: string;
  segments: number;
  /** Leaf pages of every segment: about the work of merging them all. */
  pages: number;
}

/** Row of FTS5's structure record in `<table>_data` (FTS5_STRUCTURE_ROWID in fts5_index.c). */
const FTS5_STRUCTURE_ROWID = 10;
/** What follows the 4-byte cookie in the structure record of a `contentless_delete=1` table (FTS5_STRUCTURE_V2). */
const FTS5_STRUCTURE_V2 = [0xff, 0x00, 0x00, 0x01];

/** An SQLite varint: big-endian, 7 bits a byte while the top bit is set, the 9th byte whole. */
function readVarint(bytes: Uint8Array, at: number): [value: number, next: number] {
  let value = 0;
  for (let i = 0; i < 8; i++) {
    const byte = bytes[at + i] ?? 0;
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return [value, at + i + 1];
  }
  return [value * 256 + (bytes[at + 8] ?? 0), at + 9];
}

/**
 * The segments of an FTS5 index from its structure record: a 4-byte cookie, FTS5_STRUCTURE_V2's 4
 * bytes for a `contentless_delete=1` table, then varints: levels, segments, write counter, and per
 * level its merge state and segments, each with its id and first and last leaf page (and five more
 * values in V2). The record's layout is FTS5's own (fts5_index.c, fts5StructureDecode), not a
 * documented interface: a test reads it against FTS5's %_idx table, so an SQLite that changes it
 * fails there.
 */
export function decodeFts5Structure(block: Uint8Array | undefined): { segments: number; pages: number } {
  if (!block || block.length < 4) return { segments: 0, pages: 0 };
  const v2 = FTS5_STRUCTURE_V2.every((byte, i) => block[4 + i] === byte);
  const [levels, afterLevels] = readVarint(block, v2 ? 8 : 4);
  const [segments, afterSegments] = readVarint(block, afterLevels);
  let [, at] = readVarint(block, afterSegments); // write counter
  let pages = 0;
  for (let level = 0; level < levels; level++) {
    let inLevel: number;
    [, at] = readVarint(block, at); // segments being merged
    [inLevel, at] = readVarint(block, at);
    for (let s = 0; s < inLevel; s++) {
      const fields: number[] = [];
      for (let f = 0; f < (v2 ? 8 : 3); f++) {
        let value: number;
        [value, at] = readVarint(block, at);
        fields.push(value);
      }
      pages += fields[2]! - fields[1]! + 1;
    }
  }
  return { segments, pages };
}

/**
 * SQLite: each word shard's segments (FTS5 writes every transaction's words as a new segment and
 * merges them in the background of later writes only partly; a search looks each word up in every
 * segment). PostgreSQL has no such index: none.
 */
export async function caseWordShardShapes(db: Kysely<DB>): Promise<CaseWordShardShape[]> {
  if (isPostgresDb(db)) return [];
  const shapes: CaseWordShardShape[] = [];
  for (const table of CASE_WORD_TABLES) {
    const { rows } = await sql<{ block: Uint8Array }>`select block from ${sql.table(`${table}_data`)} where id = ${FTS5_STRUCTURE_ROWID}`.execute(db);
    shapes.push({ table, ...decodeFts5Structure(rows[0]?.block) });
  }
  return shapes;
}

/**
 * SQLite: one step of FTS5's incremental merge of a word shard, in a write transaction of its own
 * (so it takes the write connection for one step, then lets the saves waiting for it run).
 * `pages` bounds the step's work (about that many leaf pages written). The merge is FTS5's
 * 'merge' command with a positive size and `usermerge` 2: it merges any level holding two segments
 * or more, and carries on a merge already begun. Not the negative size, which first moves every
 * segment to one new level: with writes between its steps, each step moved everything again, and
 * a shard under writes grew to a thousand segments in 400 steps (docs/performance/2026-11-24.md,
 * "A live index, merged as it goes").
 * Answers whether there was anything to merge: FTS5's documented test is that the command changed
 * fewer than two rows (sqlite3_total_changes) when it found nothing.
 */
export async function mergeCaseWordShardStep(db: Kysely<DB>, table: string, pages: number): Promise<boolean> {
  if (isPostgresDb(db)) return false;
  if (!CASE_WORD_TABLES.includes(table) || !Number.isInteger(pages) || pages <= 0) throw new Error(`not a word shard merge: ${table}, ${pages}`);
  const fts = sql.raw(table);
  return db.transaction().execute(async (trx) => {
    // FTS5 keeps the option in the shard (its %_config table), set once. An integer literal: FTS5
    // refuses a bound value that is not an SQL integer, and JS numbers bind as reals.
    const { rows } = await sql<{ v: unknown }>`select v from ${sql.table(`${table}_config`)} where k = 'usermerge'`.execute(trx);
    if (Number(rows[0]?.v) !== 2) await sql`insert into ${fts} (${fts}, rank) values ('usermerge', 2)`.execute(trx);
    const before = await sql<{ n: number }>`select total_changes() as n`.execute(trx);
    await sql`insert into ${fts} (${fts}, rank) values ('merge', ${sql.raw(String(pages))})`.execute(trx);
    const after = await sql<{ n: number }>`select total_changes() as n`.execute(trx);
    return Number(after.rows[0]?.n) - Number(before.rows[0]?.n) >= 2;
  });
}

/** Every match of a search, from the index alone: its counts per status, and the ids of a status (or all), newest first. */
export interface IndexedMatches {
  counts: Map<string, number>;
  /** The ids of the asked status (every status when none), newest first: all of them, or the asked window's. */
  ids: number[];
  /** With `pageRows`: the window's rows, each an array of the query's columns, newest first. */
  rows?: unknown[][];
}

/**
 * The rows to show for a window of matches: the query that reads them, given the set of ids as
 * SQL (`where cases.id in (<ids>)`), and the names of its columns in order.
 */
export interface PageRowsQuery {
  query: (ids: RawBuilder<unknown>) => RawBuilder<unknown>;
  columns: readonly string[];
}

/** Stands for the window's ids (a JSON array) among a page query's parameters until they are known. */
const WINDOW_IDS = '\u0000window ids';

/**
 * SQLite: every case matching any of the word queries (their statuses are disjoint: planSearch's
 * groups), counted per status, and the ids of those with `status` (every status when undefined),
 * newest first, all of them or those of `window` (skipped from the newest): one pass of the index
 * per query and shard, instead of one for the counts and another for the page. Each pass answers
 * one text, its matches' keys (id, type and status in the low 38 bits of the rowid) in rowid order,
 * decoded by case-word-keys.ts: a row per match cost more than the index's own work
 * (docs/performance/2026-11-24.md, "A new search's CPU"). Given `pageRows`, the window's rows are
 * read too, right after.
 *
 * Where the database has search threads, one of them reads and decodes all of it
 * (docs/decisions/019), and the window's ids reach the rows query as one JSON array; in a
 * transaction, without threads, or when the thread was lost, this thread does the same.
 */
export async function indexedMatches(
  db: Kysely<DB>,
  queries: readonly WordQuery[],
  status?: string,
  window?: { offset: number; limit: number },
  pageRows?: PageRowsQuery,
): Promise<IndexedMatches> {
  const scope = queries[0]?.scope;
  const counts = new Map<string, number>();
  if (scope === undefined) return { counts, ids: [], ...(pageRows ? { rows: [] } : {}) };
  const wanted = status === undefined ? undefined : (CASE_STATUS_CODES[status] ?? -1);
  if (isPostgresDb(db)) return postgresMatches(db, queries, wanted, window, pageRows);
  const statements = shardsOf(scope).flatMap((shard) =>
    queries.map((query) => shardSelect(shard, query, sql`group_concat(rowid & ${sql.raw(String(CASE_KEY_MASK))}) as keys`).compile(db)),
  );
  const rowsQuery = pageRows?.query(sql`select value from json_each(${WINDOW_IDS})`).compile(db);
  const here = async (): Promise<SearchMatches> => {
    const decoded: SearchMatches = decodeMatches(await textsOf(db, statements), wanted, window);
    if (pageRows && rowsQuery) {
      const parameters = rowsQuery.parameters.map((p) => (p === WINDOW_IDS ? JSON.stringify(decoded.ids) : p));
      decoded.rows = decoded.ids.length === 0 ? [] : await selectArrays(db, { compile: () => CompiledQuery.raw(rowsQuery.sql, parameters) }, pageRows.columns);
    }
    return decoded;
  };
  const threads = searchThreadsOf(db);
  const task = {
    statements: statements.map(({ sql: text, parameters }) => ({ sql: text, parameters })),
    wanted,
    window,
    rows: rowsQuery ? { sql: rowsQuery.sql, parameters: rowsQuery.parameters, idsAt: rowsQuery.parameters.indexOf(WINDOW_IDS) } : undefined,
  };
  // A thread that ended before answering read nothing for this search: this thread reads it.
  const found = threads ? await threads.matches(task).catch((err: unknown) => (err instanceof SearchThreadLost ? here() : Promise.reject(err))) : await here();
  for (const [code, n] of found.perCode.entries()) {
    const name = STATUS_OF_CODE.get(code);
    if (name !== undefined && n > 0) counts.set(name, n);
  }
  return { counts, ids: found.ids, ...(found.rows ? { rows: found.rows } : {}) };
}

/** PostgreSQL's indexedMatches: one statement a word query, decoded here, then the window's rows by id. */
async function postgresMatches(
  db: Kysely<DB>,
  queries: readonly WordQuery[],
  wanted: number | undefined,
  window: { offset: number; limit: number } | undefined,
  pageRows: PageRowsQuery | undefined,
): Promise<IndexedMatches> {
  const found = decodeMatches(await textsOf(db, queries.map((query) => entryKeysSelect(query).compile(db))), wanted, window);
  const counts = new Map<string, number>();
  found.perCode.forEach((n, code) => {
    const name = STATUS_OF_CODE.get(code);
    if (name !== undefined && n > 0) counts.set(name, n);
  });
  if (!pageRows) return { counts, ids: found.ids };
  const rowsQuery = pageRows.query(sql.join(found.ids));
  const rows = found.ids.length === 0 ? [] : await selectArrays(db, { compile: () => rowsQuery.compile(db) }, pageRows.columns);
  return { counts, ids: found.ids, rows };
}

/** The texts of the statements that found any match, read on this thread. */
async function textsOf(db: Kysely<DB>, statements: readonly CompiledQuery[]): Promise<string[]> {
  const texts: string[] = [];
  for (const statement of statements) {
    const { rows } = await db.executeQuery<{ keys: string | null }>(statement);
    const text = rows[0]?.keys;
    if (text) texts.push(text);
  }
  return texts;
}

/** SQLite: how many cases match the word query, per status, read from the index alone. */
export async function indexedCounts(db: Kysely<DB>, query: WordQuery): Promise<Map<string, number>> {
  const parts = isPostgresDb(db)
    ? [sql`select m.state & 7 as code from ${entriesMatching(query.scope, query.words)} as m where ${stateConditions(query)}`]
    : shardsOf(query.scope).map((shard) => shardSelect(shard, query, sql`rowid & 7 as code`));
  const { rows } = await sql<{ code: number; n: number }>`select code, count(*) as n from (${sql.join(parts, sql` union all `)}) as p group by code`.execute(db);
  const counts = new Map<string, number>();
  for (const row of rows) {
    const status = STATUS_OF_CODE.get(row.code);
    if (status !== undefined) counts.set(status, Number(row.n));
  }
  return counts;
}

/**
 * The word condition on the cases table, for queries that also need cases the index does not
 * answer (a status matched by name): `cases.id in (ids from the index)`.
 */
export function caseWordsMatch(db: Kysely<DB>, scope: NgoScope, words: readonly string[]): Expression<SqlBool> {
  if (isPostgresDb(db)) return sql<SqlBool>`cases.id in (select m.case_id from ${entriesMatching(scope, words)} as m)`;
  const all: WordQuery = { scope, statuses: [...STATUS_OF_CODE.values()], words };
  const parts = shardsOf(scope).map((shard) => shardSelect(shard, all, sql`(rowid >> 6) & ${sql.raw(String(CASE_ID_MASK))}`));
  return sql<SqlBool>`cases.id in (${sql.join(parts, sql` union all `)})`;
}
