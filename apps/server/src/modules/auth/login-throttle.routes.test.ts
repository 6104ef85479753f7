import { MESSAGES } from '@rescuedesk/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNgo, createUser } from '../../../test/factories';
import { openSecondInstance, type SecondInstance } from '../../../test/second-instance';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { LoginThrottle } from './login-throttle';

/**
 * The sign-in throttle under concurrent requests (issue 33). Every burst comes from one address
 * (app.inject's 127.0.0.1 unless named). A 401 is an attempt that reached the password check; a
 * 429 one that was refused before it.
 */
let t: TestApp;
let second: SecondInstance | undefined;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await second?.close();
  second = undefined;
  await t.close();
});

const ACCOUNT_LIMIT = LoginThrottle.MAX_FAILURES_PER_ACCOUNT;
const ADDRESS_LIMIT = LoginThrottle.MAX_FAILURES_PER_ADDRESS;

const login = (loginId: string, password: string, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId, password }, ...(remoteAddress ? { remoteAddress } : {}) });

async function worker() {
  const ngo = await createNgo(t.database.db);
  return createUser(t.database.db, { role: 'Worker', ngoId: ngo.id, username: 'ravi.k', email: 'Ravi@Example.org' });
}

function statuses(responses: ReadonlyArray<{ statusCode: number }>) {
  const count = (status: number) => responses.filter((r) => r.statusCode === status).length;
  return { checked: count(401), refused: count(429), other: responses.length - count(401) - count(429) };
}

const wrong = (i: number) => `wrong-${i}-pw`;

describe('the sign-in throttle under a burst from one address', () => {
  it('lets only the limit of 40 concurrent wrong passwords for one account reach the password check', async () => {
    await worker();
    const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => login('ravi.k', wrong(i))));
    expect(statuses(responses)).toEqual({ checked: ACCOUNT_LIMIT, refused: 40 - ACCOUNT_LIMIT, other: 0 });
    const refused = responses.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toEqual({ message: MESSAGES.loginThrottled });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('answers 429 to the right password sent inside a burst of 60 once the limit is used, and signs nobody in', async () => {
    const { password } = await worker();
    const attempts = [...Array.from({ length: 59 }, (_, i) => wrong(i)), password];
    const responses = await Promise.all(attempts.map((pw) => login('ravi.k', pw)));
    expect(statuses(responses).checked).toBeLessThanOrEqual(ACCOUNT_LIMIT);
    expect(responses.at(-1)!.statusCode).toBe(429);
    expect(responses.some((r) => r.statusCode === 200)).toBe(false);
    expect(await t.database.db.selectFrom('sessions').select('id').execute()).toEqual([]);
    expect((await login('ravi.k', password, '10.0.0.9')).statusCode).toBe(429);
  });

  it('throttles a burst of guesses at an unknown login ID, in any case and spacing, exactly as one at an account', async () => {
    const ids = ['nobody-here', 'NOBODY-HERE', ' Nobody-Here '];
    const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => login(ids[i % ids.length]!, wrong(i))));
    expect(statuses(responses)).toEqual({ checked: ACCOUNT_LIMIT, refused: 40 - ACCOUNT_LIMIT, other: 0 });
    expect(responses.filter((r) => r.statusCode === 401).every((r) => r.json().message === MESSAGES.loginFailed)).toBe(true);
  });

  it('lets only the address limit of 60 concurrent guesses spraying different login IDs through', async () => {
    const responses = await Promise.all(Array.from({ length: 60 }, (_, i) => login(`sprayed-${i}`, 'Summer2026!', '192.0.2.7')));
    expect(statuses(responses)).toEqual({ checked: ADDRESS_LIMIT, refused: 60 - ADDRESS_LIMIT, other: 0 });
    expect((await login('sprayed-0', 'Summer2026!', '192.0.2.8')).statusCode).toBe(401);
  });
});

describe('one counter per account', () => {
  it('counts guesses by username and by email on one counter, so neither signs in once it is full', async () => {
    const { password } = await worker();
    for (let i = 0; i < ACCOUNT_LIMIT; i++) {
      const attempt = await login(i % 2 === 0 ? 'ravi.k' : 'RAVI@example.org', wrong(i), `10.0.0.${i + 1}`);
      expect(attempt.statusCode).toBe(401);
    }
    for (const loginId of ['ravi@example.org', ' Ravi@Example.ORG', 'ravi.k']) {
      const blocked = await login(loginId, password, '10.0.1.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: MESSAGES.loginThrottled });
    }
    expect((await login('ravi@example.org', 'still-wrong', '10.0.1.2')).statusCode).toBe(429);
  });

  it('locks the account for its username after the limit was reached by its email', async () => {
    const { password } = await worker();
    for (let i = 0; i < ACCOUNT_LIMIT; i++) expect((await login('Ravi@Example.org', wrong(i))).statusCode).toBe(401);
    expect((await login('ravi.k', password, '10.0.2.1')).statusCode).toBe(429);
  });
});

describe('what a successful sign-in does to the counts', () => {
  it('gives back only its own attempt: the failures before it still count in the window', async () => {
    const { password } = await worker();
    for (let i = 0; i < ACCOUNT_LIMIT - 1; i++) expect((await login('ravi.k', wrong(i))).statusCode).toBe(401);
    expect((await login('ravi.k', password)).statusCode).toBe(200);
    expect((await login('ravi.k', wrong(99))).statusCode).toBe(401);
    expect((await login('ravi.k', wrong(100))).statusCode).toBe(429);
    expect((await login('ravi.k', password)).statusCode).toBe(429);
  });

  it('uses up none of the address’s attempts, so an office signing its staff in is never locked out', async () => {
    const { password } = await worker();
    for (let i = 0; i < ADDRESS_LIMIT + 5; i++) expect((await login('ravi.k', password, '198.51.100.4')).statusCode).toBe(200);
    expect((await login('someone-else', 'Summer2026!', '198.51.100.4')).statusCode).toBe(401);
  });
});

describe('two instances on one database', () => {
  it('let only the limit of 40 concurrent guesses, split between them, reach the password check', async () => {
    const { password } = await worker();
    second = await openSecondInstance(t);
    const otherInstance = second;
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? login('ravi.k', wrong(i)) : otherInstance.post('/api/auth/login', { loginId: 'ravi@example.org', password: wrong(i) }))),
    );
    expect(statuses(responses)).toEqual({ checked: ACCOUNT_LIMIT, refused: 40 - ACCOUNT_LIMIT, other: 0 });
    expect((await otherInstance.post('/api/auth/login', { loginId: 'ravi.k', password })).statusCode).toBe(429);
    expect((await login('ravi@example.org', password)).statusCode).toBe(429);
  });
});
