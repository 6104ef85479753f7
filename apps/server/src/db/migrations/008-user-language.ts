import type { Kysely } from 'kysely';

/** The language each user reads the app in (docs/decisions/008); English until they choose. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text', (col) => col.notNull().defaultTo('en')).execute();
}

export async function down(): Promise<void> {
  throw new Error('008-user-language cannot be reverted: restore from a backup instead.');
}
