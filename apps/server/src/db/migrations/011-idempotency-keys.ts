import type { Kysely } from 'kysely';

/**
 * Every write a signed-in client sends with an Idempotency-Key is recorded here, in the same
 * transaction as the write, so a request replayed by an offline outbox is applied exactly once
 * (docs/decisions/011).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('route', 'text', (col) => col.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();
}

export async function down(): Promise<void> {
  throw new Error('011-idempotency-keys cannot be reverted: restore from a backup instead.');
}
