import { CompiledQuery, type Kysely, sql } from 'kysely';
import { selectArrays } from '../../db/array-rows';
import type { DB } from '../../db/schema';
import type { MeColumns } from '../user/me';

/**
 * A session and everything a request needs of its user, from one statement: who acts (the actor),
 * the two-factor state the guard checks, and what `me` answers (the user's own columns and the NGO's
 * name), so `me` reads nothing more.
 */
export interface SessionWithUser extends MeColumns {
  last_seen_at: string;
  expires_at: string;
  user_id: number;
  ended_reason: string | null;
  /** Two-factor sign-in (migration 034): on since, due by, and whether the user's NGO requires it. */
  two_factor_enabled_at: string | null;
  two_factor_due_at: string | null;
  ngo_requires_two_factor: string | null;
}

/** SESSION_READ's columns, in its order (rows are read as arrays: see findActive). */
const SESSION_COLUMNS = [
  'last_seen_at', 'expires_at', 'ended_reason', 'user_id', 'role', 'ngo_id', 'name', 'username', 'email', 'profile_image', 'language',
  'ngo_name', 'two_factor_enabled_at', 'two_factor_due_at', 'ngo_requires_two_factor',
] as const;

/**
 * A session counts only while its user is active: deactivation ends access on the next request.
 * Nothing of it is kept between requests, so a logout, a deactivation, a role or NGO change or a
 * password change takes effect on the next request on every instance.
 */
const SESSION_READ = (id: unknown) => sql`
  select sessions.last_seen_at, sessions.expires_at, sessions.ended_reason,
    users.id as user_id, users.role, users.ngo_id, users.name, users.username, users.email, users.profile_image, users.language,
    ngos.name as ngo_name,
    two_factor_accounts.enabled_at as two_factor_enabled_at, two_factor_accounts.due_at as two_factor_due_at,
    ngo_two_factor.required_since as ngo_requires_two_factor
  from sessions inner join users on users.id = sessions.user_id
    left join ngos on ngos.id = users.ngo_id
    left join two_factor_accounts on two_factor_accounts.user_id = users.id
    left join ngo_two_factor on ngo_two_factor.ngo_id = users.ngo_id
  where sessions.id = ${id} and users.deactivated_at is null`;

export class SessionRepository {
  /** SESSION_READ's text for this database, made on first use: only the session id changes. */
  private sessionReadSql: string | undefined;

  constructor(private readonly db: Kysely<DB>) {}

  async insert(values: { id: string; userId: number; now: string; expiresAt: string }): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({ id: values.id, user_id: values.userId, created_at: values.now, last_seen_at: values.now, expires_at: values.expiresAt })
      .execute();
  }

  /**
   * Every request asks this, so its SQL is compiled once and run with the session id alone, and
   * SQLite answers the row as an array: building the query afresh, or better-sqlite3's object of
   * fifteen columns, each cost about what SQLite's reading does (docs/performance/2026-11-29-me.md).
   */
  async findActive(id: string): Promise<SessionWithUser | undefined> {
    this.sessionReadSql ??= SESSION_READ('').compile(this.db).sql;
    const [row] = await selectArrays(this.db, CompiledQuery.raw(this.sessionReadSql, [id]), SESSION_COLUMNS);
    return row && sessionOf(row);
  }

  async touch(id: string, now: string): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  /**
   * Ends the user's sessions for a reason their holders are told once: each row stays as a marker
   * that no request is served on (AuthService.authenticate).
   */
  async endForUser(userId: number, reason: string, exceptId?: string): Promise<void> {
    let query = this.db.updateTable('sessions').set({ ended_reason: reason }).where('user_id', '=', userId);
    if (exceptId) query = query.where('id', '!=', exceptId);
    await query.execute();
  }

  async deleteForUser(userId: number, exceptId?: string): Promise<void> {
    let query = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (exceptId) query = query.where('id', '!=', exceptId);
    await query.execute();
  }

  async deleteExpired(now: string, idleBefore: string): Promise<void> {
    await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleBefore)]))
      .execute();
  }
}

/** SESSION_READ's row, from its values in SESSION_COLUMNS' order. */
function sessionOf(v: unknown[]): SessionWithUser {
  return {
    last_seen_at: v[0] as string,
    expires_at: v[1] as string,
    ended_reason: v[2] as string | null,
    user_id: v[3] as number,
    role: v[4] as string,
    ngo_id: v[5] as number | null,
    name: v[6] as string,
    username: v[7] as string,
    email: v[8] as string,
    profile_image: v[9] as string | null,
    language: v[10] as string,
    ngo_name: v[11] as string | null,
    two_factor_enabled_at: v[12] as string | null,
    two_factor_due_at: v[13] as string | null,
    ngo_requires_two_factor: v[14] as string | null,
  };
}
