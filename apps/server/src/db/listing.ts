import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';

export type { NgoScope } from './scope';

export interface PageRequest {
  search?: string | undefined;
  page: number;
  pageSize: number;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

/** A LIKE pattern matching the text anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function lowerLike(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

interface Filterable<Q> {
  where(expression: Expression<SqlBool>): Q;
}

/** Keeps the rows where one of the columns contains the search text, case-insensitively; no search keeps all. */
export function searchedFor<Q extends Filterable<Q>>(query: Q, columns: readonly string[], search: string | undefined): Q {
  const text = search?.trim();
  if (!text) return query;
  const pattern = containsPattern(text);
  return query.where(sql<SqlBool>`(${sql.join(columns.map((column) => lowerLike(column, pattern)), sql` or `)})`);
}

/**
 * One page of a list query (already scoped, filtered and selecting its columns), in id order, with
 * the total of the whole filtered set. A query that joins another table names its id column
 * (`users.id`), which would otherwise be ambiguous.
 */
export async function readPage<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, request: PageRequest, idColumn = 'id'): Promise<Page<O>> {
  const counted = await query
    .clearSelect()
    .select(sql<number>`count(*)`.as('n'))
    // Kysely cannot work out the selection of a query over a table it is not told; it is this one column.
    .$castTo<{ n: number }>()
    .executeTakeFirst();
  const { page, pageSize } = request;
  const rows = await query
    .orderBy(sql.ref(idColumn))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { rows, total: Number(counted?.n ?? 0) };
}

/** True when the database refused a write for breaking a unique index. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
}
