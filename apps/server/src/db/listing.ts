import { type Expression, type Kysely, type Selectable, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from './schema';

/** The NGO a query is confined to, or 'all' for an Admin looking across NGOs. */
export type NgoScope = number | 'all';

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

interface SearchPageOptions {
  scope: NgoScope;
  /** The column that holds the NGO: ngo_id, or id for the NGO table itself. */
  scopeColumn?: string;
  /** The columns the search box looks in (case-insensitive, anywhere in the text). */
  columns: readonly string[];
  request: PageRequest;
  /** Further conditions, such as "active users only". */
  filters?: ReadonlyArray<readonly [column: string, op: 'is' | '=', value: unknown]>;
}

/**
 * One page of a directory table, searched and confined to an NGO, with the total of the whole
 * filtered set. Every list of the directory goes through here, so no list forgets its scope.
 */
export async function searchPage<T extends keyof DB & string>(db: Kysely<DB>, table: T, options: SearchPageOptions): Promise<Page<Selectable<DB[T]>>> {
  // Table and column names come from the repositories, never from requests.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let query: SelectQueryBuilder<any, any, object> = (db as unknown as Kysely<any>).selectFrom(table as string);
  if (options.scope !== 'all') query = query.where(options.scopeColumn ?? 'ngo_id', '=', options.scope);
  for (const [column, op, value] of options.filters ?? []) query = query.where(column, op, value);
  const search = options.request.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) => eb.or(options.columns.map((column) => lowerLike(column, pattern))));
  }
  const counted = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const { page, pageSize } = options.request;
  const rows = await query
    .selectAll()
    .orderBy('id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { rows: rows as Selectable<DB[T]>[], total: Number(counted?.n ?? 0) };
}

/** True when the database refused a write for breaking a unique index. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
}
