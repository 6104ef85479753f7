import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  canResetTwoFactor,
  isAuthenticatorCode,
  optionKey,
  RoleSchema,
  tr,
  type ConfirmTwoFactorInput,
  type LoginChallenge,
  type NgoTwoFactor,
  type RecoveryCodes,
  type ResetTwoFactorInput,
  type UserTwoFactor,
  type SetNgoTwoFactorInput,
  type TwoFactorEnrolment,
  type TwoFactorPasswordAndCodeInput,
  type TwoFactorStatus,
  type VerifyTwoFactorInput,
} from '@rescuedesk/shared';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { UnitOfWork } from '../../db/unit-of-work';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, UnauthorizedError, ValidationError } from '../../errors';
import type { Actor } from '../../lib/actor';
import { recordScope } from '../../lib/tenancy';
import { nowIso } from '../../lib/time';
import type { AuditRepository } from '../audit/audit.repository';
import type { UserRepository } from '../user/user.repository';
import { verifyPassword } from './password';
import type { RateClaim, RateCounterRepository } from './rate-counter.repository';
import type { SessionRepository } from './session.repository';
import type { TotpSecretBox } from './totp-secret-box';
import type { TwoFactorAccount, TwoFactorRepository } from './two-factor.repository';

type Repos = { twoFactor: TwoFactorRepository; users: UserRepository; sessions: SessionRepository; audit: AuditRepository };

/** Roles that always sign in with a second factor (docs/product.md#sign-in-and-sessions). */
export const TWO_FACTOR_ROLES: readonly string[] = ['Admin', 'Founder'];
/** How long someone newly required to use two-factor sign-in may still sign in without it. */
export const TWO_FACTOR_GRACE_MS = 14 * 24 * 60 * 60 * 1000;
/** How long the step between the right password and the code may take. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'RescueDesk';
/** One time-step (30 s) either side of the server's clock: a phone's clock a little off still works. */
const EPOCH_TOLERANCE_S = 30;

const MAX_CODES_PER_CHALLENGE = 5;
const MAX_WRONG_CODES_PER_USER = 10;
const USER_WINDOW_MS = 15 * 60 * 1000;

/** The user a sign-in found, as the two-factor step needs them. */
export interface SignInUser {
  id: number;
  role: string;
  ngo_id: number | null;
}

/**
 * Two-factor sign-in with TOTP and one-time recovery codes (docs/decisions/028). Secrets are made
 * and codes checked with otplib; a code's time-step is claimed in one statement, so a code opens
 * at most one session. Wrong codes are counted before they are checked, per challenge and per
 * user, in the shared rate counters, exactly as passwords are (docs/decisions/002). Secrets are
 * stored sealed by `box` (AES-256-GCM) and opened only to check a code.
 */
export class TwoFactorService {
  constructor(
    private readonly uow: UnitOfWork<Repos>,
    private readonly counters: RateCounterRepository,
    private readonly box: TotpSecretBox,
  ) {}

  // ---- Sign-in --------------------------------------------------------------------------------

  /**
   * After the right password: a challenge when the account has two-factor sign-in on, otherwise
   * null (a session may open). An account that must use it and has no due date gets one now.
   */
  async afterPassword(user: SignInUser, language: string | undefined): Promise<LoginChallenge | null> {
    const { twoFactor } = this.uow.repos;
    const account = await twoFactor.account(user.id);
    if (account?.enabledAt) {
      const challenge = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS).toISOString();
      await twoFactor.insertChallenge(hashOf(challenge), { userId: user.id, language: language ?? null, expiresAt }, nowIso());
      return { twoFactor: 'required', challenge, expiresAt };
    }
    if (!account?.dueAt && (await this.isRequired(user))) {
      await twoFactor.setDueIfUnset([user.id], new Date(Date.now() + TWO_FACTOR_GRACE_MS).toISOString(), nowIso());
    }
    return null;
  }

  /**
   * Checks the code sent with a challenge and ends the challenge: the user and language of the
   * session to open. Refuses an unknown or expired challenge, a wrong or replayed code, and too many tries.
   */
  async passChallenge(input: VerifyTwoFactorInput): Promise<{ userId: number; language: string | null }> {
    const { twoFactor } = this.uow.repos;
    const id = hashOf(input.challenge);
    const challenge = await twoFactor.challenge(id, nowIso());
    if (!challenge) throw new UnauthorizedError(tr('auth.twoFactor.challengeExpired'));
    const claims = await this.admit([
      [`2fa-challenge:${id}`, MAX_CODES_PER_CHALLENGE, CHALLENGE_TTL_MS],
      [`2fa-user:${challenge.userId}`, MAX_WRONG_CODES_PER_USER, USER_WINDOW_MS],
    ]);
    const account = await twoFactor.account(challenge.userId);
    if (!account?.secret || !(await this.acceptCode(account, input.code))) throw new UnauthorizedError(tr('auth.twoFactor.codeWrong'));
    await this.giveBack(claims);
    // Ended by exactly one request: two right codes sent at once open one session.
    if (!(await twoFactor.deleteChallenge(id))) throw new UnauthorizedError(tr('auth.twoFactor.challengeExpired'));
    return { userId: challenge.userId, language: challenge.language };
  }

  /** Whether the session's user must set up two-factor sign-in before anything else answers them. */
  static overdue(row: { role: string; enabledAt: string | null; dueAt: string | null; ngoRequired: boolean }, now: Date): boolean {
    if (row.enabledAt !== null || row.dueAt === null) return false;
    if (!TWO_FACTOR_ROLES.includes(row.role) && !row.ngoRequired) return false;
    return Date.parse(row.dueAt) <= now.getTime();
  }

  // ---- The user's own settings ----------------------------------------------------------------

  async status(actor: Actor): Promise<TwoFactorStatus> {
    const { twoFactor } = this.uow.repos;
    const account = await twoFactor.account(actor.id);
    const required = await this.isRequired({ id: actor.id, role: actor.role, ngo_id: actor.ngoId });
    const enabled = Boolean(account?.enabledAt);
    const dueAt = required && !enabled ? (account?.dueAt ?? null) : null;
    return {
      enabled,
      required,
      dueAt,
      overdue: TwoFactorService.overdue({ role: actor.role, enabledAt: account?.enabledAt ?? null, dueAt, ngoRequired: required }, new Date()),
      recoveryCodesLeft: enabled ? await twoFactor.recoveryCodesLeft(actor.id) : 0,
      resetAt: enabled ? null : (account?.resetAt ?? null),
    };
  }

  /** A new secret to add to an authenticator app. Nothing changes at sign-in until a code confirms it. */
  async start(actor: Actor): Promise<TwoFactorEnrolment> {
    const user = await this.own(actor);
    const account = await this.uow.repos.twoFactor.account(actor.id);
    if (account?.enabledAt) throw new ConflictError(tr('auth.twoFactor.alreadyOn'));
    const secret = generateSecret();
    const uri = generateURI({ issuer: ISSUER, label: user.username, secret });
    const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    await this.uow.transaction(async ({ twoFactor, audit }) => {
      await twoFactor.saveAccount(actor.id, { pendingSecret: this.box.seal(secret, actor.id) }, nowIso());
      await audit.append(actor, { entity: 'user', entityId: actor.id, action: 'twoFactor.start', ngoId: actor.ngoId });
    });
    return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /** Turns two-factor sign-in on with a code of the new secret; answers the recovery codes, shown this once. */
  async confirm(actor: Actor, input: ConfirmTwoFactorInput): Promise<RecoveryCodes> {
    const account = await this.uow.repos.twoFactor.account(actor.id);
    if (account?.enabledAt) throw new ConflictError(tr('auth.twoFactor.alreadyOn'));
    if (!account?.pendingSecret) throw new ConflictError(tr('auth.twoFactor.notStarted'));
    const claims = await this.admit([[`2fa-user:${actor.id}`, MAX_WRONG_CODES_PER_USER, USER_WINDOW_MS]]);
    const timeStep = isAuthenticatorCode(input.code) ? await timeStepOf(this.box.open(account.pendingSecret, actor.id), input.code, null) : null;
    if (timeStep === null) throw new ValidationError(tr('auth.twoFactor.codeWrong'));
    await this.giveBack(claims);
    const codes = recoveryCodes();
    await this.uow.transaction(async ({ twoFactor, audit }) => {
      const now = nowIso();
      await twoFactor.saveAccount(actor.id, { secret: account.pendingSecret, pendingSecret: null, enabledAt: now, lastTimeStep: timeStep, resetAt: null }, now);
      await twoFactor.replaceRecoveryCodes(actor.id, codes.map(recoveryHashOf), now);
      await audit.append(actor, { entity: 'user', entityId: actor.id, action: 'twoFactor.enable', ngoId: actor.ngoId });
    });
    return { recoveryCodes: codes };
  }

  /** Turns it off: needs the password and a current code (or a recovery code). */
  async disable(actor: Actor, input: TwoFactorPasswordAndCodeInput): Promise<void> {
    await this.checkPasswordAndCode(actor, input);
    await this.uow.transaction(async ({ twoFactor, audit }) => {
      await twoFactor.disable(actor.id, nowIso());
      await audit.append(actor, { entity: 'user', entityId: actor.id, action: 'twoFactor.disable', ngoId: actor.ngoId });
    });
  }

  /** New recovery codes, the old ones all spent: needs the password and a current code. */
  async newRecoveryCodes(actor: Actor, input: TwoFactorPasswordAndCodeInput): Promise<RecoveryCodes> {
    await this.checkPasswordAndCode(actor, input);
    const codes = recoveryCodes();
    await this.uow.transaction(async ({ twoFactor, audit }) => {
      await twoFactor.replaceRecoveryCodes(actor.id, codes.map(recoveryHashOf), nowIso());
      await audit.append(actor, { entity: 'user', entityId: actor.id, action: 'twoFactor.recoveryCodes', ngoId: actor.ngoId });
    });
    return { recoveryCodes: codes };
  }

  // ---- A lost phone: reset by an Admin or the user's Founder ----------------------------------

  /**
   * Removes someone's secret and recovery codes, ends all their sessions, and tells them at their
   * next sign-in; they set it up again within the grace a newly required account gets. An Admin
   * resets anyone's but their own; a Founder, those of their own NGO's other roles.
   */
  async reset(actor: Actor, input: ResetTwoFactorInput): Promise<void> {
    const target = await this.resettable(actor, input.userId);
    const account = await this.uow.repos.twoFactor.account(target.id);
    if (!account?.enabledAt && !account?.pendingSecret) throw new ConflictError(tr('auth.twoFactor.reset.notOn'));
    await this.uow.transaction(async ({ twoFactor, sessions, audit }) => {
      await twoFactor.reset(target.id, nowIso());
      await sessions.endForUser(target.id, 'twoFactorReset');
      await audit.append(actor, { entity: 'user', entityId: target.id, action: 'twoFactor.reset', ngoId: target.ngo_id });
    });
  }

  /** Whether someone's two-factor sign-in is on, for whoever may reset it (the user's page). */
  async userStatus(actor: Actor, input: ResetTwoFactorInput): Promise<UserTwoFactor> {
    const target = await this.resettable(actor, input.userId);
    const account = await this.uow.repos.twoFactor.account(target.id);
    const enabled = Boolean(account?.enabledAt);
    return { userId: target.id, enabled, resettable: enabled || Boolean(account?.pendingSecret), resetAt: enabled ? null : (account?.resetAt ?? null) };
  }

  /** The user whose two-factor sign-in the actor may reset: in their scope, not themselves, a role they may reset. */
  private async resettable(actor: Actor, userId: number) {
    const target = await this.uow.repos.users.findInScope(recordScope(actor), userId);
    if (!target) throw new NotFoundError(tr('error.userNotFound'));
    if (target.id === actor.id) throw new ValidationError(tr('auth.twoFactor.reset.self'));
    const role = RoleSchema.parse(target.role);
    if (!canResetTwoFactor(actor.role, role)) {
      throw new ForbiddenError(tr('auth.twoFactor.reset.notAllowed', { actorRole: tr(optionKey('role', actor.role)), role: tr(optionKey('role', role)) }));
    }
    return target;
  }

  /**
   * At start: every stored secret not sealed with the current key (stored before sealing, or
   * sealed with an old key) is sealed with it. A secret no configured key opens stops the start,
   * naming the key: better than every code of that account answering "wrong code".
   */
  async resealSecrets(): Promise<number> {
    const { twoFactor } = this.uow.repos;
    let resealed = 0;
    for (const stored of await twoFactor.storedSecrets()) {
      if (this.box.isCurrent(stored.value)) continue;
      await twoFactor.replaceStoredSecret(stored, this.box.seal(this.box.open(stored.value, stored.userId), stored.userId));
      resealed++;
    }
    return resealed;
  }

  // ---- An NGO's requirement (Admin only) ------------------------------------------------------

  async ngoSetting(actor: Actor, ngoId: number): Promise<NgoTwoFactor> {
    await this.adminOf(actor, ngoId);
    const since = await this.uow.repos.twoFactor.ngoRequiredSince(ngoId);
    return { ngoId, required: since !== null, since };
  }

  /**
   * Turning it on gives every active member without a due date one 14 days away; turning it off
   * clears the due dates of members whose role does not require it anyway.
   */
  async setNgoRequired(actor: Actor, input: SetNgoTwoFactorInput): Promise<NgoTwoFactor> {
    await this.adminOf(actor, input.ngoId);
    await this.uow.transaction(async ({ twoFactor, audit }) => {
      const now = nowIso();
      const was = await twoFactor.ngoRequiredSince(input.ngoId);
      if (input.required === (was !== null)) return;
      if (input.required) {
        await twoFactor.setNgoRequired(input.ngoId, actor.id, now);
        await twoFactor.setDueIfUnset(await twoFactor.activeMemberIds(input.ngoId), new Date(Date.now() + TWO_FACTOR_GRACE_MS).toISOString(), now);
      } else {
        await twoFactor.clearNgoRequired(input.ngoId);
        await twoFactor.clearDueForNgo(input.ngoId, TWO_FACTOR_ROLES, now);
      }
      await audit.append(actor, { entity: 'ngo', entityId: input.ngoId, action: input.required ? 'twoFactor.require' : 'twoFactor.unrequire', ngoId: input.ngoId, fields: ['twoFactorRequired'] });
    });
    return this.ngoSetting(actor, input.ngoId);
  }

  // ---- Helpers --------------------------------------------------------------------------------

  private async isRequired(user: SignInUser): Promise<boolean> {
    if (TWO_FACTOR_ROLES.includes(user.role)) return true;
    return user.ngo_id !== null && (await this.uow.repos.twoFactor.ngoRequiredSince(user.ngo_id)) !== null;
  }

  private async own(actor: Actor) {
    const user = await this.uow.repos.users.findInScope(actor.ngoId, actor.id);
    if (!user) throw new NotFoundError();
    return user;
  }

  private async adminOf(actor: Actor, ngoId: number): Promise<void> {
    if (actor.role !== 'Admin') throw new ForbiddenError(tr('auth.twoFactor.ngoAdminOnly'));
    if (!(await this.uow.repos.twoFactor.ngoExists(ngoId))) throw new NotFoundError();
  }

  private async checkPasswordAndCode(actor: Actor, input: TwoFactorPasswordAndCodeInput): Promise<void> {
    const user = await this.own(actor);
    const account = await this.uow.repos.twoFactor.account(actor.id);
    if (!account?.enabledAt) throw new ConflictError(tr('auth.twoFactor.notOn'));
    // Guessing passwords here is counted with wrong codes, so a left-open session is no free oracle.
    const claims = await this.admit([[`2fa-user:${actor.id}`, MAX_WRONG_CODES_PER_USER, USER_WINDOW_MS]]);
    if (!(await verifyPassword(user.password_hash, input.password))) throw new ValidationError(tr('auth.twoFactor.passwordWrong'));
    if (!(await this.acceptCode(account, input.code))) throw new ValidationError(tr('auth.twoFactor.codeWrong'));
    await this.giveBack(claims);
  }

  /** Accepts a current authenticator code once (its time-step claimed), or spends a recovery code. */
  private async acceptCode(account: TwoFactorAccount, code: string): Promise<boolean> {
    const { twoFactor } = this.uow.repos;
    if (isAuthenticatorCode(code)) {
      const timeStep = account.secret ? await timeStepOf(this.box.open(account.secret, account.userId), code, account.lastTimeStep) : null;
      return timeStep !== null && (await twoFactor.claimTimeStep(account.userId, timeStep, nowIso()));
    }
    return twoFactor.spendRecoveryCode(account.userId, recoveryHashOf(code), nowIso());
  }

  /** Takes a hit on each counter before a code is checked; refuses (429) when one is full. */
  private async admit(counters: readonly [key: string, max: number, windowMs: number][]): Promise<RateClaim[]> {
    const now = new Date();
    const claims: RateClaim[] = [];
    for (const [key, max, windowMs] of counters) {
      const claim = await this.counters.take(key, max, windowMs, now);
      if (!claim) {
        await this.giveBack(claims);
        const count = (await this.counters.read([key], now)).get(key);
        const waitMs = count ? count.windowEndsAt.getTime() - now.getTime() : 0;
        throw new TooManyRequestsError(tr('auth.twoFactor.throttled'), Math.max(1, Math.ceil(waitMs / 1000)));
      }
      claims.push(claim);
    }
    return claims;
  }

  /** A right code was no guess: its own hits are given back, and nothing else is cleared. */
  private async giveBack(claims: readonly RateClaim[]): Promise<void> {
    await Promise.all(claims.map((claim) => this.counters.giveBack(claim)));
  }
}

/** The time-step of a valid code newer than `after`, or null. */
async function timeStepOf(secret: string, code: string, after: number | null): Promise<number | null> {
  const result = await verify({ secret, token: code.replace(/[\s-]/g, ''), epochTolerance: EPOCH_TOLERANCE_S, ...(after !== null && { afterTimeStep: after }) });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

function hashOf(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Ten codes of 10 letters and digits (about 50 bits each), grouped 5-5 for reading aloud or typing. */
function recoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Codes are compared without case, spaces or dashes; a SHA-256 is enough for 50 random bits tried at most 10 times in 15 minutes. */
function recoveryHashOf(code: string): string {
  return hashOf(code.replace(/[\s-]/g, '').toLowerCase());
}
