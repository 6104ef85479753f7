import type { Kysely } from 'kysely';

/**
 * A reporter's addition sent twice (the answer lost on a weak network, and the page sends it again)
 * is kept once: the public page sends a key with each addition, the same key for the same content,
 * and a report holds each key at most once. Additions sent without one (older pages) keep null,
 * which the unique index allows any number of times on both databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('citizen_report_additions').addColumn('send_key', 'text').execute();
  await db.schema.createIndex('citizen_report_additions_send_key').on('citizen_report_additions').columns(['report_id', 'send_key']).unique().execute();
}

export async function down(): Promise<void> {
  throw new Error('043-report-addition-keys cannot be reverted: restore from a backup instead.');
}
