import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TooManyRequestsError } from '../../errors';
import { LoginThrottle } from './login-throttle';
import { RateCounterRepository } from './rate-counter.repository';

/**
 * The sign-in throttle keeps its counts in the database, so two server instances (here two
 * throttles on one database, as two processes would hold) count the same failures.
 */
let t: TestApp;
let instanceA: LoginThrottle;
let instanceB: LoginThrottle;

beforeEach(async () => {
  t = await createTestApp();
  instanceA = new LoginThrottle(new RateCounterRepository(t.database.db));
  instanceB = new LoginThrottle(new RateCounterRepository(t.database.db));
});
afterEach(async () => {
  await t.close();
});

async function failOn(throttle: LoginThrottle, times: number, loginId: string, address: (i: number) => string) {
  for (let i = 0; i < times; i++) await throttle.recordFailure(loginId, address(i));
}

describe('the sign-in throttle across instances', () => {
  it('blocks a login ID on one instance after failures spread over two, and names the wait', async () => {
    await failOn(instanceA, 5, 'Ravi.K', (i) => `10.0.0.${i}`);
    await failOn(instanceB, LoginThrottle.MAX_FAILURES_PER_LOGIN_ID - 5, ' ravi.k ', (i) => `10.0.1.${i}`);
    const blocked = await instanceA.assertAllowed('ravi.k', '10.9.9.9').then(() => undefined, (err: unknown) => err);
    expect(blocked).toBeInstanceOf(TooManyRequestsError);
    expect((blocked as TooManyRequestsError).retryAfterSeconds).toBeGreaterThan(14 * 60);
    await expect(instanceB.assertAllowed('ravi.k', '10.9.9.9')).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(instanceB.assertAllowed('asha', '10.9.9.9')).resolves.toBeUndefined();
  });

  it('counts an address spraying many login IDs across both instances', async () => {
    const half = LoginThrottle.MAX_FAILURES_PER_ADDRESS / 2;
    await failOn(instanceA, half, 'x', () => '192.0.2.7');
    for (let i = 0; i < half; i++) await instanceB.recordFailure(`sprayed-${i}`, '192.0.2.7');
    await expect(instanceA.assertAllowed('someone-new', '192.0.2.7')).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(instanceA.assertAllowed('someone-new', '192.0.2.8')).resolves.toBeUndefined();
  });

  it("clears a login ID's count on a success at either instance, and leaves the address's count", async () => {
    await failOn(instanceA, LoginThrottle.MAX_FAILURES_PER_LOGIN_ID - 1, 'ravi.k', () => '10.0.0.1');
    await instanceB.recordSuccess('RAVI.K');
    await failOn(instanceA, LoginThrottle.MAX_FAILURES_PER_LOGIN_ID - 1, 'ravi.k', () => '10.0.0.2');
    await expect(instanceB.assertAllowed('ravi.k', '10.0.0.3')).resolves.toBeUndefined();
    const addressCounts = await new RateCounterRepository(t.database.db).read(['login-ip:10.0.0.1']);
    expect(addressCounts.get('login-ip:10.0.0.1')?.hits).toBe(LoginThrottle.MAX_FAILURES_PER_LOGIN_ID - 1);
  });

  it('starts a new window once fifteen minutes have passed, and the sweep forgets ended windows', async () => {
    const counters = new RateCounterRepository(t.database.db);
    const start = new Date('2026-11-23T10:00:00Z');
    await counters.hit('login-id:ravi.k', 15 * 60_000, start);
    await counters.hit('login-id:ravi.k', 15 * 60_000, new Date(start.getTime() + 60_000));
    expect((await counters.read(['login-id:ravi.k'], new Date(start.getTime() + 120_000))).get('login-id:ravi.k')?.hits).toBe(2);
    const later = new Date(start.getTime() + 16 * 60_000);
    expect((await counters.read(['login-id:ravi.k'], later)).size).toBe(0);
    await counters.hit('login-id:ravi.k', 15 * 60_000, later);
    expect((await counters.read(['login-id:ravi.k'], later)).get('login-id:ravi.k')?.hits).toBe(1);
    await counters.sweep(new Date(later.getTime() + 16 * 60_000));
    expect(await t.database.db.withTables<{ rate_counters: { key: string } }>().selectFrom('rate_counters').select('key').execute()).toEqual([]);
  });

  it('keeps no login ID or address in readable form', async () => {
    await instanceA.recordFailure('my-secret-passphrase', '203.0.113.9');
    const rows = await t.database.db.withTables<{ rate_counters: { key: string } }>().selectFrom('rate_counters').select('key').execute();
    expect(rows).toHaveLength(2);
    for (const { key } of rows) {
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      expect(key).not.toContain('secret');
    }
  });
});
