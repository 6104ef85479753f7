import type { Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Two-factor sign-in (issue 37, docs/decisions/028): each account's TOTP secret and the last
 * time-step it accepted, its one-time recovery codes (hashes only), the short-lived challenges
 * between the password and the code (hashes only), and which NGOs require it of every member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('two_factor_accounts')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    // The secret in use once confirmed; a secret offered by an enrolment not yet confirmed.
    .addColumn('secret', 'text')
    .addColumn('pending_secret', 'text')
    .addColumn('enabled_at', 'text')
    // The newest time-step a code was accepted for: a code is never accepted twice.
    .addColumn('last_time_step', 'integer')
    // When an account that must use two-factor sign-in and has not set it up stops being let in.
    .addColumn('due_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('two_factor_recovery_codes')
    .$call(idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('two_factor_recovery_codes_user').on('two_factor_recovery_codes').columns(['user_id', 'code_hash']).execute();

  await db.schema
    .createTable('two_factor_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    // The language picked on the sign-in page, applied when the session opens (docs/decisions/008).
    .addColumn('language', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('two_factor_challenges_expiry').on('two_factor_challenges').column('expires_at').execute();

  await db.schema
    .createTable('ngo_two_factor')
    .addColumn('ngo_id', 'integer', (c) => c.primaryKey().references('ngos.id'))
    .addColumn('required_since', 'text', (c) => c.notNull())
    .addColumn('set_by', 'integer', (c) => c.references('users.id'))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('034-two-factor cannot be reverted: restore from a backup instead.');
}
