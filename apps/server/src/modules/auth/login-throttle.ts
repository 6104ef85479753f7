import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { MESSAGES } from '@rescuedesk/shared';
import { TooManyRequestsError } from '../../errors';

const WINDOW_SECONDS = 15 * 60;

/**
 * Brute-force protection for sign-in. Failed attempts are counted per login ID (guessing one
 * account's password) and per client address (spraying many accounts). A success clears the
 * login ID's count, so an office behind one address is not locked out by its own staff.
 */
export class LoginThrottle {
  static readonly MAX_FAILURES_PER_LOGIN_ID = 10;
  static readonly MAX_FAILURES_PER_ADDRESS = 30;

  private readonly byLoginId = new RateLimiterMemory({
    keyPrefix: 'login-id',
    points: LoginThrottle.MAX_FAILURES_PER_LOGIN_ID,
    duration: WINDOW_SECONDS,
  });
  private readonly byAddress = new RateLimiterMemory({
    keyPrefix: 'login-ip',
    points: LoginThrottle.MAX_FAILURES_PER_ADDRESS,
    duration: WINDOW_SECONDS,
  });

  async assertAllowed(loginId: string, address: string): Promise<void> {
    const [idState, addressState] = await Promise.all([this.byLoginId.get(key(loginId)), this.byAddress.get(address)]);
    const blocked = [
      { state: idState, max: LoginThrottle.MAX_FAILURES_PER_LOGIN_ID },
      { state: addressState, max: LoginThrottle.MAX_FAILURES_PER_ADDRESS },
    ].filter(({ state, max }) => state !== null && state.consumedPoints >= max);
    if (blocked.length > 0) {
      const waitMs = Math.max(...blocked.map(({ state }) => state?.msBeforeNext ?? 0));
      throw new TooManyRequestsError(MESSAGES.loginThrottled, Math.ceil(waitMs / 1000));
    }
  }

  async recordFailure(loginId: string, address: string): Promise<void> {
    await Promise.all([swallowLimit(this.byLoginId.consume(key(loginId))), swallowLimit(this.byAddress.consume(address))]);
  }

  async recordSuccess(loginId: string): Promise<void> {
    await this.byLoginId.delete(key(loginId));
  }
}

function key(loginId: string): string {
  return loginId.trim().toLowerCase();
}

/** consume() rejects with the limiter state once the limit is passed; that is expected here. */
async function swallowLimit(consumed: Promise<RateLimiterRes>): Promise<void> {
  try {
    await consumed;
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
  }
}
