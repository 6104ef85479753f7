import { hash, randomBytes } from 'node:crypto';
import {
  MESSAGES,
  RoleSchema,
  isLanguage,
  isSessionEndReason,
  tr,
  type LoginChallenge,
  type LoginInput,
  type Me,
  type SessionEndReason,
  type SessionUser,
  type VerifyTwoFactorInput,
} from '@rescuedesk/shared';
import type { UnitOfWork } from '../../db/unit-of-work';
import { ForbiddenError, UnauthorizedError } from '../../errors';
import type { Actor } from '../../lib/actor';
import { isoFromNow, nowIso } from '../../lib/time';
import type { AuditRepository } from '../audit/audit.repository';
import type { UserRow } from '../../db/schema';
import { meOf } from '../user/me';
import type { UserRepository } from '../user/user.repository';
import type { LoginThrottle } from './login-throttle';
import { burnPasswordCheck, verifyPassword } from './password';
import type { SessionRepository } from './session.repository';
import { TwoFactorService } from './two-factor.service';

export const SESSION_COOKIE = 'rd_session';
/** A session ends 7 days after sign-in, or after 12 hours without use, whichever comes first. */
export const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

type Repos = { users: UserRepository; sessions: SessionRepository; audit: AuditRepository };

export interface LoginResult {
  token: string;
  user: SessionUser;
}

/**
 * The actor of a session, whether they are past the date by which they had to set up two-factor
 * sign-in, and their own account as `me` answers it (read with the session: no second read).
 */
export interface Authenticated {
  actor: Actor;
  twoFactorOverdue: boolean;
  me: Me;
}

/** The session's id: the SHA-256 of its token. Every request makes it (the one-shot hash costs a fifth of a Hash object). */
export function sessionIdOf(token: string): string {
  return hash('sha256', token, 'hex');
}

export class AuthService {
  constructor(
    private readonly uow: UnitOfWork<Repos>,
    private readonly throttle: LoginThrottle,
    private readonly twoFactor: TwoFactorService,
    /** Told of a failed last-seen write, which does not stop the request. */
    private readonly onTouchFailed: (err: unknown) => void = () => {},
  ) {}

  /**
   * Checks the login ID (username or email) and password, and opens a new session, or answers a
   * challenge when the account also needs a code (docs/decisions/028). Any session the browser
   * already carried is ended, so a session id is never reused across sign-ins.
   */
  async login(input: LoginInput, address: string, previousToken: string | undefined): Promise<LoginResult | LoginChallenge> {
    const user = await this.uow.repos.users.findByLoginIdAcrossNgos(input.loginId);
    // Counted before the password is checked, so concurrent guesses cannot all pass a check of the
    // count taken before any of them failed (docs/decisions/002).
    const attempt = await this.throttle.admit({ userId: user?.id, loginId: input.loginId }, address);
    // A deactivated account's password is checked too: only its right password learns that the
    // account is deactivated; a wrong one gets the same answer as on any account.
    const valid = user ? await verifyPassword(user.password_hash, input.password) : await burnPasswordCheck(input.password).then(() => false);
    if (!user || !valid) throw new UnauthorizedError(MESSAGES.loginFailed);
    await this.throttle.succeeded(attempt);
    if (user.deactivated_at !== null) throw new ForbiddenError(tr('error.accountDeactivated'));
    const challenge = await this.twoFactor.afterPassword(user, input.language);
    return challenge ?? this.openSession(user, input.language, previousToken);
  }

  /** The second step of a two-factor sign-in: a right code with a running challenge opens the session. */
  async completeTwoFactor(input: VerifyTwoFactorInput, previousToken: string | undefined): Promise<LoginResult> {
    const { userId, language } = await this.twoFactor.passChallenge(input);
    const user = await this.uow.repos.users.findInScope('all', userId);
    // Deactivated while the code was being typed: the same answer as at the password.
    if (!user || user.deactivated_at !== null) throw new ForbiddenError(tr('error.accountDeactivated'));
    return this.openSession(user, isLanguage(language) ? language : undefined, previousToken);
  }

  private async openSession(user: UserRow, language: LoginInput['language'], previousToken: string | undefined): Promise<LoginResult> {
    const token = randomBytes(32).toString('base64url');
    const role = RoleSchema.parse(user.role);
    await this.uow.transaction(async ({ sessions, users, audit }) => {
      if (previousToken) await sessions.delete(sessionIdOf(previousToken));
      await sessions.insert({ id: sessionIdOf(token), userId: user.id, now: nowIso(), expiresAt: isoFromNow(SESSION_MAX_AGE_MS) });
      // A language picked on the sign-in page is the user's latest choice: the account takes it in
      // the same sign-in, so the app never opens in the old one first (docs/decisions/008).
      if (language !== undefined && language !== user.language) {
        await users.update(user, { language });
        await audit.append({ id: user.id, role, name: user.name }, { entity: 'user', entityId: user.id, action: 'updateLanguage', ngoId: user.ngo_id, fields: ['language'] });
      }
    });
    return { token, user: { id: user.id, role, ngoId: user.ngo_id, name: user.name } };
  }

  async logout(token: string | undefined): Promise<void> {
    if (token) await this.uow.repos.sessions.delete(sessionIdOf(token));
  }

  /**
   * The actor behind a session cookie, or null when the session is unknown, expired, idle or its
   * user deactivated. A session someone else ended answers its reason, once: the marker is removed.
   */
  async authenticate(token: string | undefined): Promise<Authenticated | { endedFor: SessionEndReason } | null> {
    if (!token || token.length > 128) return null;
    const id = sessionIdOf(token);
    const { sessions } = this.uow.repos;
    const session = await sessions.findActive(id);
    if (!session) return null;
    if (session.ended_reason !== null) {
      await sessions.delete(id);
      return isSessionEndReason(session.ended_reason) ? { endedFor: session.ended_reason } : null;
    }
    const now = Date.now();
    const lastSeen = Date.parse(session.last_seen_at);
    if (Date.parse(session.expires_at) <= now || lastSeen + SESSION_IDLE_MS <= now) {
      await sessions.delete(id);
      return null;
    }
    // Recording use is housekeeping: with the disk full or read-only, reads must still be served.
    if (now - lastSeen > TOUCH_INTERVAL_MS) await sessions.touch(id, nowIso()).catch(this.onTouchFailed);
    const role = RoleSchema.safeParse(session.role);
    if (!role.success) return null;
    const actor: Actor = { id: session.user_id, role: role.data, ngoId: session.ngo_id, name: session.name, sessionId: id };
    const twoFactorOverdue = TwoFactorService.overdue(
      { role: role.data, enabledAt: session.two_factor_enabled_at, dueAt: session.two_factor_due_at, ngoRequired: session.ngo_requires_two_factor !== null },
      new Date(now),
    );
    return { actor, twoFactorOverdue, me: meOf(session.user_id, session) };
  }

  async sweepExpiredSessions(): Promise<void> {
    await this.uow.repos.sessions.deleteExpired(nowIso(), new Date(Date.now() - SESSION_IDLE_MS).toISOString());
  }
}
