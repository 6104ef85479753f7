import type { Kysely } from 'kysely';

/**
 * A perceptual hash of each stored photo (issue 35, docs/citizen-reports.md#duplicate-suggestions):
 * 64 bits as 16 hex digits, worked out from the stored pixels when the photo is kept, so that two
 * photos of one animal can be compared without reading either file again. Photos kept before this
 * have none and count as "no photo to compare".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('images').addColumn('phash', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('035-photo-hashes cannot be reverted: restore from a backup instead.');
}
