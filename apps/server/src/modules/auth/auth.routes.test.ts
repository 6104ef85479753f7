import { MESSAGES } from '@rescuedesk/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNgo, createUser } from '../../../test/factories';
import { createTestApp, sessionCookieOf, type TestApp } from '../../../test/test-app';
import { LoginThrottle } from './login-throttle';
import { hashPassword, verifyPassword } from './password';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const login = (payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, headers, ...(remoteAddress ? { remoteAddress } : {}) });

/** A call only a signed-in user may make: refused with 401 once the session has ended. */
const signedInCall = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/reporter/getReporters', headers: { cookie }, payload: {} });

async function worker() {
  const ngo = await createNgo(t.database.db);
  return createUser(t.database.db, { role: 'Worker', ngoId: ngo.id, username: 'ravi.k', email: 'Ravi@Example.org' });
}

describe('POST /api/auth/login', () => {
  it('answers 422 with the product’s message when the login ID is missing', async () => {
    const response = await login({ password: 'secret123' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Login ID is required' });
  });

  it('answers 422 when the login ID is only spaces', async () => {
    const response = await login({ loginId: '   ', password: 'secret123' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Login ID is required');
  });

  it('answers 422 with the product’s message when the password is shorter than 6', async () => {
    const response = await login({ loginId: 'someone', password: '12345' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Password minimum length is 6' });
  });

  it('answers 422 when the password is missing', async () => {
    const response = await login({ loginId: 'someone' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Password is required' });
  });

  it('answers 401 with the catalogue message for a wrong password', async () => {
    await worker();
    const response = await login({ loginId: 'ravi.k', password: 'wrong-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MESSAGES.loginFailed });
    expect(response.cookies).toHaveLength(0);
  });

  it('answers 401 with the same message for an unknown login ID', async () => {
    const response = await login({ loginId: 'nobody-here', password: 'whatever1' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MESSAGES.loginFailed });
  });

  it('signs in by username, trimmed and in any case, and answers the session user', async () => {
    const { user, password } = await worker();
    const response = await login({ loginId: '  RAVI.K ', password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id: user.id, role: 'Worker', ngoId: user.ngo_id, name: user.name } });
  });

  it('signs in by email regardless of case', async () => {
    const { password } = await worker();
    const response = await login({ loginId: 'ravi@example.ORG', password });
    expect(response.statusCode).toBe(200);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie on the whole site', async () => {
    const { password } = await worker();
    const response = await login({ loginId: 'ravi.k', password });
    const cookie = response.cookies.find((c) => c.name === 'rd_session');
    expect(cookie).toBeDefined();
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    expect(cookie?.secure).toBeUndefined();
    expect(cookie?.value.length).toBeGreaterThanOrEqual(40);
  });

  it('marks the cookie Secure when COOKIE_SECURE is set', async () => {
    await t.close();
    t = await createTestApp({ COOKIE_SECURE: 'true' });
    const { password } = await worker();
    const response = await login({ loginId: 'ravi.k', password });
    expect(response.cookies.find((c) => c.name === 'rd_session')?.secure).toBe(true);
  });

  it('issues a new session id at every login and ends the one the browser carried', async () => {
    const { password } = await worker();
    const first = sessionCookieOf(await login({ loginId: 'ravi.k', password }));
    const second = sessionCookieOf(await login({ loginId: 'ravi.k', password }, { cookie: first }));
    expect(second).not.toBe(first);
    const replay = await signedInCall(first);
    expect(replay.statusCode).toBe(401);
    const current = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: second } });
    expect(current.statusCode).toBe(200);
  });

  it('refuses a deactivated account with a wrong password with the same 401 as any account', async () => {
    const { user } = await worker();
    await t.database.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', user.id).execute();
    const response = await login({ loginId: 'ravi.k', password: 'wrong-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MESSAGES.loginFailed });
  });

  it('tells a deactivated account with the right password, with 403 in the reader’s language, whom to ask, and opens no session', async () => {
    const { user, password } = await worker();
    await t.database.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', user.id).execute();
    const response = await login({ loginId: 'ravi.k', password });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: "This account has been deactivated. Ask your NGO's Founder or an Admin to reactivate it." });
    expect(response.cookies).toHaveLength(0);
    const inHindi = await login({ loginId: 'ravi.k', password }, { 'accept-language': 'hi' });
    expect(inHindi.statusCode).toBe(403);
    expect(inHindi.json().message).toContain('अकाउंट बंद कर दिया गया है');
    const sessions = await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(sessions).toHaveLength(0);
  });

  it('counts a deactivated account’s wrong passwords like any other, and refuses the right one with 429 once full', async () => {
    const { user, password } = await worker();
    await t.database.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', user.id).execute();
    for (let i = 0; i < LoginThrottle.MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await login({ loginId: 'ravi.k', password: `wrong-${i}-pass` })).statusCode).toBe(401);
    }
    expect((await login({ loginId: 'ravi.k', password })).statusCode).toBe(429);
  });

  it('hashes passwords only as argon2id at its default cost, which the sign-in verifies', async () => {
    // Every path that stores a password hashes it here (accounts made by tests use a cheaper cost: test/factories.ts).
    const password = 'Sahil-Secret-42';
    const stored = await hashPassword(password);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored).not.toContain(password);
    expect(await verifyPassword(stored, password)).toBe(true);
    expect(await verifyPassword(stored, 'wrong')).toBe(false);
  });

  it('answers 429 after too many failures for one account, even with the right password', async () => {
    const { password } = await worker();
    for (let i = 0; i < LoginThrottle.MAX_FAILURES_PER_ACCOUNT; i++) {
      const attempt = await login({ loginId: 'ravi.k', password: `wrong-${i}-pw` }, {}, `10.0.0.${i + 1}`);
      expect(attempt.statusCode).toBe(401);
    }
    const blocked = await login({ loginId: 'ravi.k', password }, {}, '10.0.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: MESSAGES.loginThrottled });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 429 to one address spraying many login IDs', async () => {
    for (let i = 0; i < LoginThrottle.MAX_FAILURES_PER_ADDRESS; i++) {
      const attempt = await login({ loginId: `sprayed-${i}`, password: 'Summer2026!' }, {}, '192.0.2.7');
      expect(attempt.statusCode).toBe(401);
    }
    const blocked = await login({ loginId: 'sprayed-next', password: 'Summer2026!' }, {}, '192.0.2.7');
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await login({ loginId: 'sprayed-next', password: 'Summer2026!' }, {}, '192.0.2.8');
    expect(elsewhere.statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('keeps the user signed in across reloads through /api/auth/me', async () => {
    const { user, password } = await worker();
    const cookie = await t.login('ravi.k', password);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ id: user.id, role: 'Worker', username: 'ravi.k', ngoId: user.ngo_id });
    expect(me.json().data.ngoName).toMatch(/^NGO /);
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('answers /api/auth/me without a session with data null, so the sign-in page’s probe is no error', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ data: null });
    const replayed = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: 'rd_session=not-a-session' } });
    expect(replayed.json()).toEqual({ data: null });
  });

  it('answers 401 to a signed-in route without a session', async () => {
    const response = await signedInCall('');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MESSAGES.signInRequired });
  });

  it('ends the session on the server at logout, so a replayed cookie gets 401', async () => {
    const { password } = await worker();
    const cookie = await t.login('ravi.k', password);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect(logout.cookies.find((c) => c.name === 'rd_session')?.value).toBe('');
    const replay = await signedInCall(cookie);
    expect(replay.statusCode).toBe(401);
    const count = await t.database.db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('stores only a hash of the session token', async () => {
    const { password } = await worker();
    const cookie = await t.login('ravi.k', password);
    const token = cookie.split('=')[1]!;
    const rows = await t.database.db.selectFrom('sessions').select('id').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(token);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ends access on the next request once the user is deactivated', async () => {
    const { user, password } = await worker();
    const cookie = await t.login('ravi.k', password);
    await t.database.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', user.id).execute();
    const me = await signedInCall(cookie);
    expect(me.statusCode).toBe(401);
  });

  it('applies a changed role on the next request', async () => {
    const { user, password } = await worker();
    const cookie = await t.login('ravi.k', password);
    await t.database.db.updateTable('users').set({ role: 'Manager' }).where('id', '=', user.id).execute();
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json().data.role).toBe('Manager');
  });

  it('answers /api/auth/me with the account as it is at each request: a new NGO, a renamed NGO, then deactivation', async () => {
    const { user, password } = await worker();
    const cookie = await t.login('ravi.k', password);
    const me = async () => (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json().data;
    const other = await createNgo(t.database.db);
    await t.database.db.updateTable('users').set({ ngo_id: other.id, email: 'ravi@other.org', name: 'Ravi K.' }).where('id', '=', user.id).execute();
    expect(await me()).toMatchObject({ id: user.id, ngoId: other.id, ngoName: other.name, email: 'ravi@other.org', name: 'Ravi K.' });
    await t.database.db.updateTable('ngos').set({ name: 'Paws of Pune' }).where('id', '=', other.id).execute();
    expect((await me()).ngoName).toBe('Paws of Pune');
    await t.database.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', user.id).execute();
    expect(await me()).toBeNull();
  });

  it('refuses a session that has been idle too long', async () => {
    const { password } = await worker();
    const cookie = await t.login('ravi.k', password);
    const longAgo = new Date(Date.now() - 13 * 60 * 60 * 1000).toISOString();
    await t.database.db.updateTable('sessions').set({ last_seen_at: longAgo }).execute();
    const me = await signedInCall(cookie);
    expect(me.statusCode).toBe(401);
  });
});

describe('settings: profile and password', () => {
  it('changes the name and records the changed field names in the audit log', async () => {
    const { user, password } = await worker();
    const cookie = await t.login('ravi.k', password);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/updateProfile', headers: { cookie }, payload: { name: '  Ravi Kumar ' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.name).toBe('Ravi Kumar');
    const audit = await t.database.db.selectFrom('audit_log').selectAll().where('entity', '=', 'user').where('entity_id', '=', String(user.id)).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: user.id, actor_role: 'Worker', ngo_id: user.ngo_id, action: 'updateProfile' });
    expect(JSON.parse(audit[0]!.fields)).toEqual(['name']);
  });

  it('refuses an empty name with 422', async () => {
    const { password } = await worker();
    const cookie = await t.login('ravi.k', password);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/updateProfile', headers: { cookie }, payload: { name: ' ' } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Name is required' });
  });

  it('refuses a profile picture that was never uploaded', async () => {
    const { password } = await worker();
    const cookie = await t.login('ravi.k', password);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/updateProfile',
      headers: { cookie },
      payload: { name: 'Ravi', profileImage: '00000000-0000-4000-8000-000000000000.jpg' },
    });
    expect(response.statusCode).toBe(422);
  });

  it('changes the password and ends every other session of the user', async () => {
    const { password } = await worker();
    const phone = await t.login('ravi.k', password);
    const desk = await t.login('ravi.k', password);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/changePassword',
      headers: { cookie: desk },
      payload: { oldPassword: password, newPassword: 'new-secret-1', confirmPassword: 'new-secret-1' },
    });
    expect(change.statusCode).toBe(200);
    expect((await signedInCall(phone)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: desk } })).statusCode).toBe(200);
    expect((await login({ loginId: 'ravi.k', password })).statusCode).toBe(401);
    expect((await login({ loginId: 'ravi.k', password: 'new-secret-1' })).statusCode).toBe(200);
    const audit = await t.database.db.selectFrom('audit_log').select(['action', 'fields']).where('action', '=', 'changePassword').execute();
    expect(audit).toEqual([{ action: 'changePassword', fields: '["password"]' }]);
  });

  it('refuses a wrong old password with 422 and changes nothing', async () => {
    const { password } = await worker();
    const cookie = await t.login('ravi.k', password);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/changePassword',
      headers: { cookie },
      payload: { oldPassword: 'not-my-password', newPassword: 'new-secret-1', confirmPassword: 'new-secret-1' },
    });
    expect(change.statusCode).toBe(422);
    expect(change.json()).toEqual({ message: MESSAGES.oldPasswordIncorrect });
    expect((await login({ loginId: 'ravi.k', password })).statusCode).toBe(200);
  });

  it('refuses a new password that does not match its confirmation', async () => {
    const { password } = await worker();
    const cookie = await t.login('ravi.k', password);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/changePassword',
      headers: { cookie },
      payload: { oldPassword: password, newPassword: 'new-secret-1', confirmPassword: 'new-secret-2' },
    });
    expect(change.statusCode).toBe(422);
    expect(change.json()).toEqual({ message: 'New password and confirmation do not match' });
  });

  it('refuses a new password shorter than 6', async () => {
    const { password } = await worker();
    const cookie = await t.login('ravi.k', password);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/changePassword',
      headers: { cookie },
      payload: { oldPassword: password, newPassword: 'abc', confirmPassword: 'abc' },
    });
    expect(change.statusCode).toBe(422);
    expect(change.json()).toEqual({ message: 'Password minimum length is 6' });
  });
});
