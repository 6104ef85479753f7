import { type Kysely, sql } from 'kysely';

/**
 * A released dog's collar or tag number is free again once its release date is recorded, whatever
 * its status (docs/product.md#abc-programme-records): the status moves only when someone moves it
 * (docs/decisions/014), so a dog released on paper kept its number, and a new dog could not be given
 * it. The partial unique index of 009 is rebuilt with the release date in its predicate. Narrowing a
 * partial unique index cannot make two rows clash, so this never fails on existing data. On a large
 * database it rebuilds the index at start-up, inside the migration's transaction; the index holds
 * only cases with a collar or tag number.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX cases_open_collar_tag`.execute(db);
  await sql`CREATE UNIQUE INDEX cases_open_collar_tag ON cases (ngo_id, upper(collar_tag))
    WHERE collar_tag IS NOT NULL AND deleted_at IS NULL AND status <> 'Released' AND death_date IS NULL AND release_date IS NULL`.execute(db);
}

export async function down(): Promise<void> {
  // Widening the index again could fail on numbers given to new dogs since: restore from a backup.
  throw new Error('016-collar-tag-free-on-release cannot be reverted: restore from a backup instead.');
}
