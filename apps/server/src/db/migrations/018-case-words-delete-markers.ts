import type { Kysely } from 'kysely';
import { createCaseWordShards, optimizeCaseWordShards } from './014-case-search-counts';
import { CASE_WORD_PREFIXES } from './017-case-words-longer-prefixes';
import { isPostgres } from './helpers';

/**
 * SQLite: the case word shards rebuilt so that a changed or deleted case leaves its old entry as
 * FTS5 delete markers instead of tombstones (014's CaseWordDeletes). With `contentless_delete = 1`,
 * one tombstone in a segment made every search of it check each entry it read: after the bench's
 * status changes, a common surname took more than twice as long to count as once the shard was
 * merged, and a shard's large segment keeps its tombstones until it is merged again, which under
 * writes is seldom. Delete markers sit in the newer, small segments and cost a search only where
 * they are (docs/performance/2026-11-28.md, "Search threads and delete markers").
 *
 * FTS5 options cannot be changed in place: the shards and their triggers are made anew and filled
 * from the live cases, as 014 and 017 did. PostgreSQL: nothing changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await createCaseWordShards(db, CASE_WORD_PREFIXES, 'delete markers');
  await optimizeCaseWordShards(db);
}

export async function down(): Promise<void> {
  throw new Error('018-case-words-delete-markers cannot be reverted: restore from a backup instead.');
}
