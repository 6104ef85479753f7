import { type Kysely, sql } from 'kysely';

/** A client-chosen key per created case, so a retried "create" returns the first case instead of a second one. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cases').addColumn('client_key', 'text').execute();
  await db.schema
    .createIndex('cases_client_key_unique')
    .unique()
    .on('cases')
    .columns(['ngo_id', 'created_by', 'client_key'])
    .where(sql.ref('client_key'), 'is not', null)
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('004-case-idempotency cannot be reverted: restore from a backup instead.');
}
