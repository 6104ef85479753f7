import type { Kysely } from 'kysely';

/**
 * When an Admin or Founder last reset an account's two-factor sign-in (issue 37, docs/decisions/028,
 * "Reset for a lost phone"): the user is told so until they set it up again. The secrets already
 * stored are sealed when the server starts (TOTP_ENCRYPTION_KEY), not here: a migration has no key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('two_factor_accounts').addColumn('reset_at', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('038-two-factor-reset cannot be reverted: restore from a backup instead.');
}
