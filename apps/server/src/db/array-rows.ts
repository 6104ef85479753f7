import type { CompiledQuery, Kysely } from 'kysely';
import type { DB } from './schema';

/**
 * Rows as arrays, for reads of many rows where building an object per row is most of the cost (a
 * CSV export of 200,000 cases: better-sqlite3 spent about half the export making row objects).
 *
 * The query is built with Kysely as any other, so SQLite and PostgreSQL run the same SQL. On SQLite
 * the driver (sqlite-group-commit.ts) answers a query marked here with better-sqlite3's raw rows;
 * on PostgreSQL Kysely's driver has no such mode, so its row objects are read back in the select's
 * order here. Either way the caller gets the same values in the same order.
 */
const ARRAY_QUERIES = new WeakSet<CompiledQuery>();

/** Whether the driver may answer this query's rows as arrays (see selectArrays). */
export function wantsArrayRows(query: CompiledQuery): boolean {
  return ARRAY_QUERIES.has(query);
}

/**
 * Runs a select whose selections are exactly `columns` (bare names, in order): each row an array of
 * their values. A query compiled already may be given as it is (no closure made per call).
 */
export async function selectArrays(db: Kysely<DB>, query: { compile(): CompiledQuery } | CompiledQuery, columns: readonly string[]): Promise<unknown[][]> {
  const compiled = 'compile' in query ? query.compile() : query;
  ARRAY_QUERIES.add(compiled);
  const { rows } = await db.executeQuery<unknown>(compiled);
  return rows.map((row) => (Array.isArray(row) ? row : columns.map((column) => (row as Record<string, unknown>)[column])));
}
