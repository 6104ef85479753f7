import { type Generated, type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** Migrations 034 and 038. Declared here with withTables(), beside the only code that reads them. */
export type TwoFactorTables = {
  two_factor_accounts: {
    user_id: number;
    secret: string | null;
    pending_secret: string | null;
    enabled_at: string | null;
    last_time_step: number | null;
    due_at: string | null;
    /** When an Admin or Founder last reset it; cleared when the user sets it up again. */
    reset_at: string | null;
    updated_at: string;
  };
  two_factor_recovery_codes: {
    id: Generated<number>;
    user_id: number;
    code_hash: string;
    used_at: string | null;
    created_at: string;
  };
  two_factor_challenges: {
    id: string;
    user_id: number;
    language: string | null;
    expires_at: string;
    created_at: string;
  };
  ngo_two_factor: {
    ngo_id: number;
    required_since: string;
    set_by: number | null;
  };
};

export interface TwoFactorAccount {
  userId: number;
  secret: string | null;
  pendingSecret: string | null;
  enabledAt: string | null;
  lastTimeStep: number | null;
  dueAt: string | null;
  resetAt: string | null;
}

/** A stored secret as it is in the column (sealed, or from before secrets were sealed). */
export interface StoredSecret {
  userId: number;
  column: 'secret' | 'pending_secret';
  value: string;
}

export interface TwoFactorChallenge {
  userId: number;
  language: string | null;
  expiresAt: string;
}

/** Two-factor state of accounts and NGOs (docs/decisions/028). Users are looked up by id; NGO rows by the NGO named. */
export class TwoFactorRepository {
  private readonly db: Kysely<DB & TwoFactorTables>;

  constructor(db: Kysely<DB>) {
    this.db = db.withTables<TwoFactorTables>();
  }

  async account(userId: number): Promise<TwoFactorAccount | undefined> {
    const row = await this.db.selectFrom('two_factor_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
    return row && { userId: row.user_id, secret: row.secret, pendingSecret: row.pending_secret, enabledAt: row.enabled_at, lastTimeStep: row.last_time_step, dueAt: row.due_at, resetAt: row.reset_at };
  }

  /** Writes the named fields of the account's row, making the row when it has none. */
  async saveAccount(userId: number, values: Partial<Omit<TwoFactorAccount, 'userId'>>, now: string): Promise<void> {
    const row = {
      ...(values.secret !== undefined && { secret: values.secret }),
      ...(values.pendingSecret !== undefined && { pending_secret: values.pendingSecret }),
      ...(values.enabledAt !== undefined && { enabled_at: values.enabledAt }),
      ...(values.lastTimeStep !== undefined && { last_time_step: values.lastTimeStep }),
      ...(values.dueAt !== undefined && { due_at: values.dueAt }),
      ...(values.resetAt !== undefined && { reset_at: values.resetAt }),
      updated_at: now,
    };
    await this.db
      .insertInto('two_factor_accounts')
      .values({ user_id: userId, ...row })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
      .execute();
  }

  /** Sets a due date only where none is set: the first time an account was found to need two-factor sign-in counts. */
  async setDueIfUnset(userIds: readonly number[], dueAt: string, now: string): Promise<void> {
    if (userIds.length === 0) return;
    await this.db
      .insertInto('two_factor_accounts')
      .values(userIds.map((id) => ({ user_id: id, due_at: dueAt, updated_at: now })))
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ due_at: sql<string>`coalesce(two_factor_accounts.due_at, excluded.due_at)` }))
      .execute();
  }

  /** Clears the due dates of the NGO's members whose role alone does not require two-factor sign-in. */
  async clearDueForNgo(ngoId: number, exceptRoles: readonly string[], now: string): Promise<void> {
    await this.db
      .updateTable('two_factor_accounts')
      .set({ due_at: null, updated_at: now })
      .where('user_id', 'in', (eb) => eb.selectFrom('users').select('users.id').where('users.ngo_id', '=', ngoId).where('users.role', 'not in', [...exceptRoles]))
      .execute();
  }

  /**
   * Records that a code of `timeStep` was accepted, only if no code of that step or a later one
   * was: one statement, so two requests with the same code cannot both pass. False when one did.
   */
  async claimTimeStep(userId: number, timeStep: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('two_factor_accounts')
      .set({ last_time_step: timeStep, updated_at: now })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', timeStep)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async replaceRecoveryCodes(userId: number, codeHashes: readonly string[], now: string): Promise<void> {
    await this.db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
    await this.db
      .insertInto('two_factor_recovery_codes')
      .values(codeHashes.map((hash) => ({ user_id: userId, code_hash: hash, created_at: now })))
      .execute();
  }

  /** Spends an unused recovery code of the user: true only for the one request that spent it. */
  async spendRecoveryCode(userId: number, codeHash: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('two_factor_recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async recoveryCodesLeft(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('two_factor_recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Turns two-factor sign-in off: the secret and every recovery code go. */
  async disable(userId: number, now: string): Promise<void> {
    await this.db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
    await this.db
      .updateTable('two_factor_accounts')
      .set({ secret: null, pending_secret: null, enabled_at: null, last_time_step: null, updated_at: now })
      .where('user_id', '=', userId)
      .execute();
  }

  /**
   * Resets it for someone who lost their phone: the secret, every recovery code and any sign-in
   * half done go, and the due date with them, so the grace of a newly required account starts at
   * their next sign-in.
   */
  async reset(userId: number, now: string): Promise<void> {
    await this.db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('two_factor_challenges').where('user_id', '=', userId).execute();
    await this.db
      .updateTable('two_factor_accounts')
      .set({ secret: null, pending_secret: null, enabled_at: null, last_time_step: null, due_at: null, reset_at: now, updated_at: now })
      .where('user_id', '=', userId)
      .execute();
  }

  /** Every stored secret, confirmed or offered, of every account: for resealing at start. */
  async storedSecrets(): Promise<StoredSecret[]> {
    const rows = await this.db
      .selectFrom('two_factor_accounts')
      .select(['user_id', 'secret', 'pending_secret'])
      .where((eb) => eb.or([eb('secret', 'is not', null), eb('pending_secret', 'is not', null)]))
      .execute();
    return rows.flatMap((row) => [
      ...(row.secret !== null ? [{ userId: row.user_id, column: 'secret' as const, value: row.secret }] : []),
      ...(row.pending_secret !== null ? [{ userId: row.user_id, column: 'pending_secret' as const, value: row.pending_secret }] : []),
    ]);
  }

  /** Replaces a stored secret only if it is still the value read: another instance resealing at once, or a new set-up, wins. */
  async replaceStoredSecret(stored: StoredSecret, value: string): Promise<void> {
    await this.db.updateTable('two_factor_accounts').set(stored.column, value).where('user_id', '=', stored.userId).where(stored.column, '=', stored.value).execute();
  }

  async insertChallenge(id: string, values: TwoFactorChallenge, now: string): Promise<void> {
    await this.db
      .insertInto('two_factor_challenges')
      .values({ id, user_id: values.userId, language: values.language, expires_at: values.expiresAt, created_at: now })
      .execute();
  }

  /** A challenge still running. */
  async challenge(id: string, now: string): Promise<TwoFactorChallenge | undefined> {
    const row = await this.db.selectFrom('two_factor_challenges').selectAll().where('id', '=', id).where('expires_at', '>', now).executeTakeFirst();
    return row && { userId: row.user_id, language: row.language, expiresAt: row.expires_at };
  }

  /** Ends a challenge; true only for the one request that ended it, so it opens one session at most. */
  async deleteChallenge(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('two_factor_challenges').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async deleteExpiredChallenges(now: string): Promise<void> {
    await this.db.deleteFrom('two_factor_challenges').where('expires_at', '<=', now).execute();
  }

  /** When the NGO started requiring two-factor sign-in of its members, or null. */
  async ngoRequiredSince(ngoId: number): Promise<string | null> {
    const row = await this.db.selectFrom('ngo_two_factor').select('required_since').where('ngo_id', '=', ngoId).executeTakeFirst();
    return row?.required_since ?? null;
  }

  async setNgoRequired(ngoId: number, setBy: number, now: string): Promise<void> {
    await this.db
      .insertInto('ngo_two_factor')
      .values({ ngo_id: ngoId, required_since: now, set_by: setBy })
      .onConflict((oc) => oc.column('ngo_id').doNothing())
      .execute();
  }

  async clearNgoRequired(ngoId: number): Promise<void> {
    await this.db.deleteFrom('ngo_two_factor').where('ngo_id', '=', ngoId).execute();
  }

  async ngoExists(ngoId: number): Promise<boolean> {
    return (await this.db.selectFrom('ngos').select('id').where('id', '=', ngoId).executeTakeFirst()) !== undefined;
  }

  /** The active members of an NGO. */
  async activeMemberIds(ngoId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('users').select('id').where('ngo_id', '=', ngoId).where('deactivated_at', 'is', null).execute();
    return rows.map((r) => r.id);
  }
}
