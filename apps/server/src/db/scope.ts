import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';

/** The NGO a query is confined to, or 'all' for an Admin looking across NGOs. */
export type NgoScope = number | 'all';

/**
 * Where a row may be found: an NGO scope, or null for the platform area (rows that belong to no
 * NGO, such as an Admin's own pictures and accounts).
 */
export type NgoArea = NgoScope | null;

/** The condition "the row in `column` belongs to the area", for SQL written by hand. */
export function inArea(area: NgoArea, column = 'ngo_id'): RawBuilder<SqlBool> {
  if (area === 'all') return sql<SqlBool>`true`;
  if (area === null) return sql<SqlBool>`${sql.ref(column)} is null`;
  return sql<SqlBool>`${sql.ref(column)} = ${area}`;
}

interface Filterable<Q> {
  where(expression: Expression<SqlBool>): Q;
}

/**
 * Confines a select, update or delete to an NGO area. Every repository reads and writes tenant
 * data through this one helper, so the rule has one shape: the column holding the NGO (`ngo_id`,
 * `cases.ngo_id`, or `id` for the NGO table itself) must match the area; 'all' adds nothing.
 */
export function scopedTo<Q extends Filterable<Q>>(query: Q, area: NgoArea, column = 'ngo_id'): Q {
  return area === 'all' ? query : query.where(inArea(area, column));
}
