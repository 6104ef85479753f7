import type { Kysely } from 'kysely';

/**
 * Why someone else ended a session (a role or password change by an administrator): the row stays
 * as a marker, keyed by its cookie's hash, until its holder's next request reads it once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('ended_reason', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('020-session-end-reason cannot be reverted: restore from a backup instead.');
}
