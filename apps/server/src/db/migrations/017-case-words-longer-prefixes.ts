import type { Kysely } from 'kysely';
import { createCaseWordShards, optimizeCaseWordShards } from './014-case-search-counts';
import { isPostgres } from './helpers';

/**
 * SQLite: the case word shards of 014 rebuilt with FTS5 prefix indexes for word beginnings of 1 to
 * 8 letters instead of 1 to 3, and merged into one segment each (docs/decisions/005, amended for
 * issue 19). A search word of 4-8 letters ("ravi", "kumar", "560038") was answered by reading the
 * word list of every indexed word that begins with it and merging them into one, for each search;
 * with its own prefix index it is one list read where it is needed. A search word longer than 8
 * letters still merges. The price: the shards are about 1.6 times the size, and writing a case's
 * words costs more (docs/performance/2026-11-24.md, "A new search's CPU").
 *
 * FTS5 options cannot be changed in place, so the shards and their triggers are made anew and
 * filled from the live cases, as 014 did. PostgreSQL: nothing changes (its GIN index matches
 * prefixes itself).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await createCaseWordShards(db, CASE_WORD_PREFIXES);
  await optimizeCaseWordShards(db);
}

export const CASE_WORD_PREFIXES = '1 2 3 4 5 6 7 8';

export async function down(): Promise<void> {
  throw new Error('017-case-words-longer-prefixes cannot be reverted: restore from a backup instead.');
}
