import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TooManyRequestsError } from '../../errors';
import { LoginThrottle, type LoginTarget } from './login-throttle';
import { RateCounterRepository } from './rate-counter.repository';

/**
 * The sign-in throttle keeps its counts in the database, so two server instances (here two
 * throttles on one database, as two processes would hold) count the same attempts.
 */
let t: TestApp;
let counters: RateCounterRepository;
let instanceA: LoginThrottle;
let instanceB: LoginThrottle;

beforeEach(async () => {
  t = await createTestApp();
  counters = new RateCounterRepository(t.database.db);
  instanceA = new LoginThrottle(new RateCounterRepository(t.database.db));
  instanceB = new LoginThrottle(new RateCounterRepository(t.database.db));
});
afterEach(async () => {
  await t.close();
});

const account = (userId: number): LoginTarget => ({ userId, loginId: 'whatever-was-typed' });
const unknown = (loginId: string): LoginTarget => ({ userId: undefined, loginId });
const refusal = (attempt: Promise<unknown>) => attempt.then(() => undefined, (err: unknown) => err);

async function admitOn(throttle: LoginThrottle, times: number, target: LoginTarget, address: (i: number) => string) {
  for (let i = 0; i < times; i++) await throttle.admit(target, address(i));
}

describe('counting sign-in attempts', () => {
  it('lets exactly the limit of concurrent takes through on one counter, from two repositories on one database', async () => {
    const other = new RateCounterRepository(t.database.db);
    const taken = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? counters : other).take('login-user:7', 10, 15 * 60_000)));
    expect(taken.filter(Boolean)).toHaveLength(10);
    expect((await counters.read(['login-user:7'])).get('login-user:7')?.hits).toBe(10);
  });

  it('blocks an account on one instance after attempts spread over two, and names the wait', async () => {
    await admitOn(instanceA, 5, account(7), (i) => `10.0.0.${i}`);
    await admitOn(instanceB, LoginThrottle.MAX_FAILURES_PER_ACCOUNT - 5, account(7), (i) => `10.0.1.${i}`);
    const blocked = await refusal(instanceA.admit(account(7), '10.9.9.9'));
    expect(blocked).toBeInstanceOf(TooManyRequestsError);
    expect((blocked as TooManyRequestsError).retryAfterSeconds).toBeGreaterThan(14 * 60);
    await expect(instanceB.admit(account(7), '10.9.9.9')).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(instanceB.admit(account(8), '10.9.9.9')).resolves.toBeDefined();
  });

  it('counts an unknown login ID by itself, trimmed and in any case', async () => {
    await admitOn(instanceA, LoginThrottle.MAX_FAILURES_PER_ACCOUNT - 1, unknown('Ravi.K'), (i) => `10.0.0.${i}`);
    await instanceB.admit(unknown(' ravi.k '), '10.0.1.1');
    await expect(instanceA.admit(unknown('RAVI.K'), '10.0.1.2')).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(instanceA.admit(unknown('ravi.k2'), '10.0.1.2')).resolves.toBeDefined();
  });

  it('counts an address spraying many login IDs across both instances', async () => {
    const half = LoginThrottle.MAX_FAILURES_PER_ADDRESS / 2;
    for (let i = 0; i < half; i++) await instanceA.admit(unknown(`sprayed-a-${i}`), '192.0.2.7');
    for (let i = 0; i < half; i++) await instanceB.admit(unknown(`sprayed-b-${i}`), '192.0.2.7');
    await expect(instanceA.admit(unknown('someone-new'), '192.0.2.7')).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(instanceA.admit(unknown('someone-new'), '192.0.2.8')).resolves.toBeDefined();
  });

  it('takes nothing from the account when the address refuses the attempt', async () => {
    for (let i = 0; i < LoginThrottle.MAX_FAILURES_PER_ADDRESS; i++) await instanceA.admit(unknown(`sprayed-${i}`), '192.0.2.7');
    for (let i = 0; i < LoginThrottle.MAX_FAILURES_PER_ACCOUNT + 5; i++) {
      await expect(instanceA.admit(account(7), '192.0.2.7')).rejects.toBeInstanceOf(TooManyRequestsError);
    }
    expect((await counters.read(['login-user:7'])).get('login-user:7')?.hits ?? 0).toBe(0);
  });

  it("gives back a success's own hits at either instance, and nothing more", async () => {
    await admitOn(instanceA, 3, account(7), () => '10.0.0.1');
    const success = await instanceA.admit(account(7), '10.0.0.1');
    await instanceB.succeeded(success);
    const counts = await counters.read(['login-user:7', 'login-ip:10.0.0.1']);
    expect(counts.get('login-user:7')?.hits).toBe(3);
    expect(counts.get('login-ip:10.0.0.1')?.hits).toBe(3);
  });

  it('gives back nothing into a window that started after the hit was taken', async () => {
    const start = new Date('2026-11-23T10:00:00Z');
    const old = await counters.take('login-user:7', 10, 15 * 60_000, start);
    const later = new Date(start.getTime() + 16 * 60_000);
    await counters.take('login-user:7', 10, 15 * 60_000, later);
    await counters.giveBack(old!);
    expect((await counters.read(['login-user:7'], later)).get('login-user:7')?.hits).toBe(1);
  });

  it('starts a new window once fifteen minutes have passed, and the sweep forgets ended windows', async () => {
    const start = new Date('2026-11-23T10:00:00Z');
    for (let i = 0; i < 3; i++) await counters.take('login-user:7', 3, 15 * 60_000, new Date(start.getTime() + i * 60_000));
    expect(await counters.take('login-user:7', 3, 15 * 60_000, new Date(start.getTime() + 14 * 60_000))).toBeUndefined();
    expect((await counters.read(['login-user:7'], new Date(start.getTime() + 14 * 60_000))).get('login-user:7')?.hits).toBe(3);
    const later = new Date(start.getTime() + 16 * 60_000);
    expect((await counters.read(['login-user:7'], later)).size).toBe(0);
    expect(await counters.take('login-user:7', 3, 15 * 60_000, later)).toBeDefined();
    expect((await counters.read(['login-user:7'], later)).get('login-user:7')?.hits).toBe(1);
    await counters.sweep(new Date(later.getTime() + 16 * 60_000));
    expect(await t.database.db.withTables<{ rate_counters: { key: string } }>().selectFrom('rate_counters').select('key').execute()).toEqual([]);
  });

  it('keeps no login ID or address in readable form', async () => {
    await instanceA.admit(unknown('my-secret-passphrase'), '203.0.113.9');
    const rows = await t.database.db.withTables<{ rate_counters: { key: string } }>().selectFrom('rate_counters').select('key').execute();
    expect(rows).toHaveLength(2);
    for (const { key } of rows) {
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      expect(key).not.toContain('secret');
    }
  });
});
