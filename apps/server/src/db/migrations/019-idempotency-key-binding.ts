import type { Kysely } from 'kysely';

/**
 * What a recorded Idempotency-Key was sent with (docs/decisions/011): a hash of its body, so the
 * same key with another body is refused instead of replayed, and the NGO its user acted in, so a
 * replay after the user was moved is not answered with the other NGO's record. Rows recorded
 * before hold neither (null): their replays are checked as before, and they are gone within the
 * week keys are kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('body_hash', 'text').execute();
  await db.schema.alterTable('idempotency_keys').addColumn('ngo_scope', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('019-idempotency-key-binding cannot be reverted: restore from a backup instead.');
}
