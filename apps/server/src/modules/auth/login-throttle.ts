import { MESSAGES } from '@rescuedesk/shared';
import { TooManyRequestsError } from '../../errors';
import type { RateCounterRepository } from './rate-counter.repository';

const WINDOW_MS = 15 * 60 * 1000;

/**
 * Brute-force protection for sign-in. Failed attempts are counted per login ID (guessing one
 * account's password) and per client address (spraying many accounts), for 15 minutes from the
 * first failure. A success clears the login ID's count, so an office behind one address is not
 * locked out by its own staff. The counts live in the database, so every server instance sees the
 * same ones (docs/decisions/002).
 */
export class LoginThrottle {
  static readonly MAX_FAILURES_PER_LOGIN_ID = 10;
  static readonly MAX_FAILURES_PER_ADDRESS = 30;

  constructor(private readonly counters: RateCounterRepository) {}

  async assertAllowed(loginId: string, address: string): Promise<void> {
    const now = new Date();
    const counts = await this.counters.read([idKey(loginId), addressKey(address)], now);
    const blocked = [
      { count: counts.get(idKey(loginId)), max: LoginThrottle.MAX_FAILURES_PER_LOGIN_ID },
      { count: counts.get(addressKey(address)), max: LoginThrottle.MAX_FAILURES_PER_ADDRESS },
    ].filter(({ count, max }) => count !== undefined && count.hits >= max);
    if (blocked.length > 0) {
      const waitMs = Math.max(...blocked.map(({ count }) => (count ? count.windowEndsAt.getTime() - now.getTime() : 0)));
      throw new TooManyRequestsError(MESSAGES.loginThrottled, Math.max(1, Math.ceil(waitMs / 1000)));
    }
  }

  async recordFailure(loginId: string, address: string): Promise<void> {
    await Promise.all([this.counters.hit(idKey(loginId), WINDOW_MS), this.counters.hit(addressKey(address), WINDOW_MS)]);
  }

  async recordSuccess(loginId: string): Promise<void> {
    await this.counters.clear(idKey(loginId));
  }

  /** Forgets counts whose window has ended (run with the hourly session sweep). */
  async sweep(): Promise<void> {
    await this.counters.sweep();
  }
}

function idKey(loginId: string): string {
  return `login-id:${loginId.trim().toLowerCase()}`;
}

function addressKey(address: string): string {
  return `login-ip:${address}`;
}
