import { MESSAGES } from '@rescuedesk/shared';
import { TooManyRequestsError } from '../../errors';
import type { RateClaim, RateCounterRepository } from './rate-counter.repository';

const WINDOW_MS = 15 * 60 * 1000;

/** Whom a sign-in attempt is against: the account the login ID names, or the login ID itself when it names none. */
export interface LoginTarget {
  userId: number | undefined;
  loginId: string;
}

/** An attempt let through to the password check, holding the hits it took. */
export interface AdmittedAttempt {
  readonly claims: readonly RateClaim[];
}

/**
 * Brute-force protection for sign-in (docs/decisions/002). Every attempt takes a hit on its
 * account's counter (guessing one account's password, by username or email alike) and on its
 * client address's counter (spraying many accounts) BEFORE the password is checked, each in one
 * statement that refuses a full counter, so a burst of concurrent guesses on any number of
 * instances gets at most the limit to the password check. A success gives back only its own hits:
 * the counts then hold failures (and attempts still being checked), never fewer.
 */
export class LoginThrottle {
  static readonly MAX_FAILURES_PER_ACCOUNT = 10;
  static readonly MAX_FAILURES_PER_ADDRESS = 30;

  constructor(private readonly counters: RateCounterRepository) {}

  /** Counts the attempt, or refuses it with 429 when the account or the address has no attempts left in its window. */
  async admit(target: LoginTarget, address: string): Promise<AdmittedAttempt> {
    const now = new Date();
    const account = accountKey(target);
    const onAccount = await this.counters.take(account, LoginThrottle.MAX_FAILURES_PER_ACCOUNT, WINDOW_MS, now);
    if (!onAccount) throw await this.refusal(account, now);
    const onAddress = await this.counters.take(addressKey(address), LoginThrottle.MAX_FAILURES_PER_ADDRESS, WINDOW_MS, now);
    if (!onAddress) {
      // Refused by the address: this attempt guesses nothing, so the account does not pay for it
      // (else one blocked address could still lock any number of accounts).
      await this.counters.giveBack(onAccount);
      throw await this.refusal(addressKey(address), now);
    }
    return { claims: [onAccount, onAddress] };
  }

  /**
   * The password was right: the attempt was no guess, so its own hits are given back, and an
   * office's staff signing in use up nothing. Nothing else is cleared: the other attempts of the
   * window, some perhaps an attacker's still in flight, stay counted.
   */
  async succeeded(attempt: AdmittedAttempt): Promise<void> {
    await Promise.all(attempt.claims.map((claim) => this.counters.giveBack(claim)));
  }

  /** Forgets counts whose window has ended (run with the hourly session sweep). */
  async sweep(): Promise<void> {
    await this.counters.sweep();
  }

  private async refusal(key: string, now: Date): Promise<TooManyRequestsError> {
    const count = (await this.counters.read([key], now)).get(key);
    const waitMs = count ? count.windowEndsAt.getTime() - now.getTime() : 0;
    return new TooManyRequestsError(MESSAGES.loginThrottled, Math.max(1, Math.ceil(waitMs / 1000)));
  }
}

/**
 * One counter per account, whichever login ID names it. A login ID that names no account is
 * counted by itself, normalised as sign-in matches it, so guessing at unknown IDs is throttled
 * the same way and the 429 does not tell which IDs exist.
 */
function accountKey({ userId, loginId }: LoginTarget): string {
  return userId === undefined ? `login-id:${loginId.trim().toLowerCase()}` : `login-user:${userId}`;
}

function addressKey(address: string): string {
  return `login-ip:${address}`;
}
