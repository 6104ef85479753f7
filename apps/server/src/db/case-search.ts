import { type Expression, type Kysely, PostgresAdapter, type SqlBool, sql } from 'kysely';
import { containsPattern } from './listing';
import { searchTextSql } from './migrations/005-case-search-and-counts';
import type { DB } from './schema';

/** Trigram indexes need at least three characters; shorter searches scan (within the NGO). */
const MIN_INDEXED_LENGTH = 3;

/**
 * "The case's searched text contains this", in the form each database can answer from its
 * trigram index: FTS5 MATCH on SQLite, LIKE on the indexed expression (pg_trgm) on PostgreSQL.
 * The only dialect-specific query of the app; services never see it.
 */
export function caseSearchCondition(db: Kysely<DB>, search: string): Expression<SqlBool> {
  const text = search.trim().toLowerCase();
  const like = sql<SqlBool>`${sql.raw(searchTextSql('cases.'))} like ${containsPattern(text)} escape '\\'`;
  if ([...text].length < MIN_INDEXED_LENGTH || db.getExecutor().adapter instanceof PostgresAdapter) return like;
  const phrase = `"${text.replaceAll('"', '""')}"`;
  return sql<SqlBool>`cases.id in (select rowid from cases_search where cases_search match ${phrase})`;
}
