import type { Kysely } from 'kysely';

/**
 * When a change was made on the device, beside when it reached the server (`at`): a change entered
 * offline is sent later by the device's outbox, with the time it was queued (X-Made-At).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('made_at', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('023-audit-made-at cannot be reverted: restore from a backup instead.');
}
