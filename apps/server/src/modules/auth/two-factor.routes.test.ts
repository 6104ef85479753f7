import { randomInt } from 'node:crypto';
import { tr, type Role } from '@rescuedesk/shared';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { useTwoNgoWorldOnce } from '../../../test/api';
import { createNgo, createUser } from '../../../test/factories';
import type { TwoFactorTables } from './two-factor.repository';

/** Two-factor sign-in (issue 37, docs/decisions/028). Each test makes its own accounts and NGOs. */
const ctx = useTwoNgoWorldOnce();
const db = () => ctx.t.database.db.withTables<TwoFactorTables>();

interface Account {
  id: number;
  username: string;
  password: string;
  cookie: string;
}

/** Each account signs in from its own address, so the per-address sign-in count of one file stays low. */
const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const login = (loginId: string, password: string) =>
  ctx.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId, password }, remoteAddress: address() });
const verify = (challenge: string, code: string) => ctx.t.app.inject({ method: 'POST', url: '/api/auth/twoFactor/verify', payload: { challenge, code } });
const post = (cookie: string, url: string, payload: object = {}) => ctx.t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
const get = (cookie: string, url: string) => ctx.t.app.inject({ method: 'GET', url, headers: { cookie } });

function cookieOf(response: { cookies: Array<{ name: string; value: string }> }): string {
  const session = response.cookies.find((c) => c.name === 'rd_session');
  if (!session) throw new Error('no session cookie');
  return `rd_session=${session.value}`;
}

async function account(role: Role, ngoId: number | null): Promise<Account> {
  const { user, password } = await createUser(ctx.t.database.db, { role, ngoId });
  const response = await login(user.username, password);
  expect(response.statusCode, response.body).toBe(200);
  return { id: user.id, username: user.username, password, cookie: cookieOf(response) };
}

/** A code of the time-step `steps` after now: each sign-in in a test uses a later step, as a new code would be. */
const codeAt = (secret: string, steps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function enrol(who: Account): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await post(who.cookie, '/api/auth/twoFactor/start');
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json().data;
  const confirmed = await post(who.cookie, '/api/auth/twoFactor/confirm', { code: await codeAt(secret, 0) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, recoveryCodes: confirmed.json().data.recoveryCodes };
}

async function challengeFor(who: Account): Promise<string> {
  const response = await login(who.username, who.password);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().data.twoFactor).toBe('required');
  expect(response.cookies.find((c) => c.name === 'rd_session')).toBeUndefined();
  return response.json().data.challenge;
}

const auditActions = async (userId: number) =>
  (await ctx.t.database.db.selectFrom('audit_log').select('action').where('entity_id', '=', String(userId)).where('action', 'like', 'twoFactor.%').orderBy('id').execute()).map((r) => r.action);

const setDue = (userId: number, dueAt: string) => db().updateTable('two_factor_accounts').set({ due_at: dueAt }).where('user_id', '=', userId).execute();
const dueOf = async (userId: number) => (await db().selectFrom('two_factor_accounts').select('due_at').where('user_id', '=', userId).executeTakeFirst())?.due_at ?? null;
const PAST = '2020-01-01T00:00:00.000Z';

describe('enrolment', () => {
  it('offers a secret, a QR code and its URI, and changes nothing at sign-in until a code confirms it', async () => {
    const manager = await account('Manager', ctx.world.a.id);
    const started = await post(manager.cookie, '/api/auth/twoFactor/start');
    expect(started.statusCode, started.body).toBe(200);
    const { secret, uri, qrCode } = started.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(uri).toBe(`otpauth://totp/RescueDesk:${manager.username}?secret=${secret}&issuer=RescueDesk`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await get(manager.cookie, '/api/auth/twoFactor')).json().data).toMatchObject({ enabled: false, required: false, recoveryCodesLeft: 0 });
    expect((await login(manager.username, manager.password)).json().data).toMatchObject({ id: manager.id, role: 'Manager' });
  });

  it('refuses a wrong code at confirmation and keeps two-factor sign-in off', async () => {
    const worker = await account('Worker', ctx.world.a.id);
    await post(worker.cookie, '/api/auth/twoFactor/start');
    const wrong = await post(worker.cookie, '/api/auth/twoFactor/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(tr('auth.twoFactor.codeWrong'));
    expect((await get(worker.cookie, '/api/auth/twoFactor')).json().data.enabled).toBe(false);
  });

  it('refuses confirming before starting', async () => {
    const worker = await account('Worker', ctx.world.a.id);
    const response = await post(worker.cookie, '/api/auth/twoFactor/confirm', { code: '123456' });
    expect(response.statusCode).toBe(409);
  });

  it('turns on with a current code, answers 10 recovery codes once and keeps only their hashes, and audits each change', async () => {
    const worker = await account('Worker', ctx.world.a.id);
    const { recoveryCodes } = await enrol(worker);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await db().selectFrom('two_factor_recovery_codes').select('code_hash').where('user_id', '=', worker.id).execute();
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(stored.map((s) => s.code_hash)).not.toContain(code);
    expect((await get(worker.cookie, '/api/auth/twoFactor')).json().data).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect((await post(worker.cookie, '/api/auth/twoFactor/start')).statusCode).toBe(409);
    expect(await auditActions(worker.id)).toEqual(['twoFactor.start', 'twoFactor.enable']);
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('answers a challenge instead of a session for the right password, and opens the session with a code', async () => {
    const worker = await account('Worker', ctx.world.a.id);
    const { secret } = await enrol(worker);
    const challenge = await challengeFor(worker);
    const stored = await db().selectFrom('two_factor_challenges').select(['id', 'user_id', 'expires_at']).where('user_id', '=', worker.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).not.toBe(challenge);
    expect(Date.parse(stored[0]!.expires_at) - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);

    const opened = await verify(challenge, await codeAt(secret, 1));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data).toMatchObject({ id: worker.id, role: 'Worker' });
    const me = await get(cookieOf(opened), '/api/auth/me');
    expect(me.json().data.id).toBe(worker.id);
    // The challenge was used up.
    expect((await verify(challenge, await codeAt(secret, 1))).statusCode).toBe(401);
  });

  it('refuses a code already used, and a code older than the last one used', async () => {
    const worker = await account('Worker', ctx.world.a.id);
    const { secret } = await enrol(worker);
    const code = await codeAt(secret, 1);
    expect((await verify(await challengeFor(worker), code)).statusCode).toBe(200);
    const replayed = await verify(await challengeFor(worker), code);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toBe(tr('auth.twoFactor.codeWrong'));
    expect((await verify(await challengeFor(worker), await codeAt(secret, 0))).statusCode).toBe(401);
  });

  it('opens one session when the same code is sent twice at once', async () => {
    const worker = await account('Worker', ctx.world.a.id);
    const { secret } = await enrol(worker);
    const code = await codeAt(secret, 1);
    const [first, second] = await Promise.all([verify(await challengeFor(worker), code), verify(await challengeFor(worker), code)]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 401]);
  });

  it('accepts a recovery code once, in any case and spacing, and counts what is left', async () => {
    const worker = await account('Worker', ctx.world.a.id);
    const { recoveryCodes } = await enrol(worker);
    const code = recoveryCodes[3]!;
    const opened = await verify(await challengeFor(worker), ` ${code.toUpperCase().replace('-', ' ')} `);
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await verify(await challengeFor(worker), code)).statusCode).toBe(401);
    expect((await get(cookieOf(opened), '/api/auth/twoFactor')).json().data.recoveryCodesLeft).toBe(9);
  });

  it("refuses one account's code on another account's challenge", async () => {
    const mine = await account('Worker', ctx.world.a.id);
    const theirs = await account('Worker', ctx.world.b.id);
    await enrol(mine);
    const { secret } = await enrol(theirs);
    expect((await verify(await challengeFor(mine), await codeAt(secret, 1))).statusCode).toBe(401);
  });

  it('refuses an unknown challenge and one that has expired', async () => {
    const worker = await account('Worker', ctx.world.a.id);
    const { secret } = await enrol(worker);
    const unknown = await verify('not-a-challenge', await codeAt(secret, 1));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(tr('auth.twoFactor.challengeExpired'));
    const challenge = await challengeFor(worker);
    await db().updateTable('two_factor_challenges').set({ expires_at: PAST }).where('user_id', '=', worker.id).execute();
    const expired = await verify(challenge, await codeAt(secret, 1));
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(tr('auth.twoFactor.challengeExpired'));
  });

  it('lets 5 codes be tried per challenge, then refuses even the right one with Retry-After', async () => {
    const worker = await account('Worker', ctx.world.a.id);
    const { secret } = await enrol(worker);
    const challenge = await challengeFor(worker);
    const wrong = await Promise.all(Array.from({ length: 8 }, () => verify(challenge, '000000')));
    expect(wrong.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect(wrong.filter((r) => r.statusCode === 429)).toHaveLength(3);
    const right = await verify(challenge, await codeAt(secret, 1));
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(tr('auth.twoFactor.throttled'));
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(5 * 60);
  });

  it('lets 10 wrong codes per account in 15 minutes, across challenges', async () => {
    const worker = await account('Worker', ctx.world.a.id);
    const { secret } = await enrol(worker);
    for (let i = 0; i < 2; i++) {
      const challenge = await challengeFor(worker);
      for (let j = 0; j < 5; j++) expect((await verify(challenge, '000000')).statusCode).toBe(401);
    }
    const refused = await verify(await challengeFor(worker), await codeAt(secret, 1));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });
});

describe('turning off and new recovery codes', () => {
  it('needs the password and a code to turn off; then the password alone signs in', async () => {
    const worker = await account('Worker', ctx.world.a.id);
    const { secret } = await enrol(worker);
    const wrongPassword = await post(worker.cookie, '/api/auth/twoFactor/disable', { password: 'not-the-password', code: await codeAt(secret, 1) });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().message).toBe(tr('auth.twoFactor.passwordWrong'));
    const wrongCode = await post(worker.cookie, '/api/auth/twoFactor/disable', { password: worker.password, code: '000000' });
    expect(wrongCode.statusCode).toBe(422);
    const off = await post(worker.cookie, '/api/auth/twoFactor/disable', { password: worker.password, code: await codeAt(secret, 1) });
    expect(off.statusCode, off.body).toBe(200);
    expect((await login(worker.username, worker.password)).json().data).toMatchObject({ id: worker.id });
    expect(await db().selectFrom('two_factor_recovery_codes').select('id').where('user_id', '=', worker.id).execute()).toEqual([]);
    expect(await auditActions(worker.id)).toEqual(['twoFactor.start', 'twoFactor.enable', 'twoFactor.disable']);
  });

  it('replaces the recovery codes: the old ones stop working', async () => {
    const worker = await account('Worker', ctx.world.a.id);
    const { secret, recoveryCodes } = await enrol(worker);
    const renewed = await post(worker.cookie, '/api/auth/twoFactor/newRecoveryCodes', { password: worker.password, code: await codeAt(secret, 1) });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh: string[] = renewed.json().data.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect((await verify(await challengeFor(worker), recoveryCodes[0]!)).statusCode).toBe(401);
    expect((await verify(await challengeFor(worker), fresh[0]!)).statusCode).toBe(200);
    expect(await auditActions(worker.id)).toContain('twoFactor.recoveryCodes');
  });
});

describe('who must use two-factor sign-in', () => {
  it('gives a Founder 14 days from their first sign-in, and lets them in meanwhile', async () => {
    const founder = await account('Founder', ctx.world.a.id);
    const due = await dueOf(founder.id);
    expect(Date.parse(due!) - Date.now()).toBeGreaterThan(13.9 * 24 * 3600 * 1000);
    expect((await get(founder.cookie, '/api/auth/twoFactor')).json().data).toMatchObject({ required: true, enabled: false, dueAt: due, overdue: false });
    expect((await post(founder.cookie, '/api/reporter/getReporters')).statusCode).toBe(200);
  });

  it('gives a Worker of an NGO that does not require it no due date', async () => {
    const worker = await account('Worker', ctx.world.a.id);
    expect(await dueOf(worker.id)).toBeNull();
    expect((await get(worker.cookie, '/api/auth/twoFactor')).json().data).toMatchObject({ required: false, dueAt: null });
  });

  it('after the due date lets only the set-up, /auth/me and sign-out answer, until two-factor sign-in is on', async () => {
    const admin = await account('Admin', null);
    await setDue(admin.id, PAST);
    const blocked = await post(admin.cookie, '/api/reporter/getReporters');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(tr('auth.twoFactor.setupRequired'));
    expect((await get(admin.cookie, '/api/auth/me')).json().data.id).toBe(admin.id);
    expect((await get(admin.cookie, '/api/auth/twoFactor')).json().data).toMatchObject({ required: true, overdue: true });
    await enrol(admin);
    expect((await post(admin.cookie, '/api/reporter/getReporters')).statusCode).toBe(200);
  });
});

describe("an NGO's requirement", () => {
  it('is set by an Admin only: a Founder is refused, even for their own NGO', async () => {
    const ngo = await createNgo(ctx.t.database.db);
    const founder = await account('Founder', ngo.id);
    for (const url of ['/api/auth/twoFactor/getNgoRequirement', '/api/auth/twoFactor/setNgoRequirement']) {
      expect((await post(founder.cookie, url, { ngoId: ngo.id, required: true })).statusCode).toBe(403);
    }
    expect((await post(ctx.world.admin.cookie, '/api/auth/twoFactor/getNgoRequirement', { ngoId: 999999 })).statusCode).toBe(404);
  });

  it("gives every member of that NGO 14 days, and no one of another NGO; off again clears the members' dates but not a Founder's", async () => {
    const ngo = await createNgo(ctx.t.database.db);
    const other = await createNgo(ctx.t.database.db);
    const worker = await account('Worker', ngo.id);
    const founder = await account('Founder', ngo.id);
    const outsider = await account('Worker', other.id);
    const on = await post(ctx.world.admin.cookie, '/api/auth/twoFactor/setNgoRequirement', { ngoId: ngo.id, required: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({ ngoId: ngo.id, required: true });
    expect(Date.parse((await dueOf(worker.id))!) - Date.now()).toBeGreaterThan(13.9 * 24 * 3600 * 1000);
    expect(await dueOf(outsider.id)).toBeNull();
    expect((await get(worker.cookie, '/api/auth/twoFactor')).json().data.required).toBe(true);
    expect((await get(outsider.cookie, '/api/auth/twoFactor')).json().data.required).toBe(false);

    await setDue(worker.id, PAST);
    expect((await post(worker.cookie, '/api/reporter/getReporters')).statusCode).toBe(403);
    expect((await post(outsider.cookie, '/api/reporter/getReporters')).statusCode).toBe(200);

    const off = await post(ctx.world.admin.cookie, '/api/auth/twoFactor/setNgoRequirement', { ngoId: ngo.id, required: false });
    expect(off.json().data).toMatchObject({ required: false, since: null });
    expect(await dueOf(worker.id)).toBeNull();
    expect(await dueOf(founder.id)).not.toBeNull();
    expect((await post(worker.cookie, '/api/reporter/getReporters')).statusCode).toBe(200);
    const logged = await ctx.t.database.db.selectFrom('audit_log').select('action').where('entity', '=', 'ngo').where('entity_id', '=', String(ngo.id)).execute();
    expect(logged.map((r) => r.action)).toEqual(['twoFactor.require', 'twoFactor.unrequire']);
  });
});

describe('secrets at rest', () => {
  it('keeps the secret sealed in the database: neither the offered nor the confirmed secret is readable there', async () => {
    const worker = await account('Worker', ctx.world.a.id);
    const started = await post(worker.cookie, '/api/auth/twoFactor/start');
    const offered: string = started.json().data.secret;
    const pending = await db().selectFrom('two_factor_accounts').select(['secret', 'pending_secret']).where('user_id', '=', worker.id).executeTakeFirstOrThrow();
    expect(pending.pending_secret).toMatch(/^v1:[0-9a-f]{8}:/);
    expect(pending.pending_secret).not.toContain(offered);
    const { secret } = await enrol(worker);
    const row = await db().selectFrom('two_factor_accounts').select(['secret', 'pending_secret']).where('user_id', '=', worker.id).executeTakeFirstOrThrow();
    expect(row.pending_secret).toBeNull();
    expect(row.secret).toMatch(/^v1:[0-9a-f]{8}:[\w-]+:[\w-]+:[\w-]+$/);
    expect(row.secret).not.toContain(secret);
    expect((await verify(await challengeFor(worker), await codeAt(secret, 1))).statusCode).toBe(200);
  });
});

describe('resetting the two-factor sign-in of someone who lost their phone', () => {
  const reset = (by: { cookie: string }, userId: number) => post(by.cookie, '/api/auth/twoFactor/resetUser', { userId });
  const statusOf = (by: { cookie: string }, userId: number) => post(by.cookie, '/api/auth/twoFactor/getUserStatus', { userId });

  it('lets an Admin reset anyone of any NGO: secret and codes gone, every session ended and told why, audited', async () => {
    const founder = await account('Founder', ctx.world.b.id);
    const { recoveryCodes } = await enrol(founder);
    const otherDevice = cookieOf(await verify(await challengeFor(founder), recoveryCodes[0]!));
    await challengeFor(founder);
    expect((await statusOf(ctx.world.admin, founder.id)).json().data).toEqual({ userId: founder.id, enabled: true, resettable: true, resetAt: null });

    const done = await reset(ctx.world.admin, founder.id);
    expect(done.statusCode, done.body).toBe(200);
    expect((await statusOf(ctx.world.admin, founder.id)).json().data).toMatchObject({ enabled: false, resettable: false, resetAt: expect.any(String) });
    const row = await db().selectFrom('two_factor_accounts').selectAll().where('user_id', '=', founder.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ secret: null, pending_secret: null, enabled_at: null, last_time_step: null, due_at: null });
    expect(row.reset_at).not.toBeNull();
    expect(await db().selectFrom('two_factor_recovery_codes').select('id').where('user_id', '=', founder.id).execute()).toEqual([]);
    expect(await db().selectFrom('two_factor_challenges').select('id').where('user_id', '=', founder.id).execute()).toEqual([]);
    for (const cookie of [founder.cookie, otherDevice]) {
      const ended = await get(cookie, '/api/auth/me');
      expect(ended.headers['session-ended']).toBe('twoFactorReset');
    }
    const audited = await ctx.t.database.db.selectFrom('audit_log').select(['action', 'actor_id', 'ngo_id']).where('entity_id', '=', String(founder.id)).where('action', '=', 'twoFactor.reset').execute();
    expect(audited).toEqual([{ action: 'twoFactor.reset', actor_id: ctx.world.admin.id, ngo_id: ctx.world.b.id }]);
  });

  it('lets the user sign in with the password alone, tells them of the reset, and gives a Founder 14 days again until it is set up', async () => {
    const founder = await account('Founder', ctx.world.a.id);
    await enrol(founder);
    expect((await reset(ctx.world.admin, founder.id)).statusCode).toBe(200);
    const signedIn = await login(founder.username, founder.password);
    expect(signedIn.json().data).toMatchObject({ id: founder.id });
    const cookie = cookieOf(signedIn);
    const status = (await get(cookie, '/api/auth/twoFactor')).json().data;
    expect(status).toMatchObject({ enabled: false, required: true, overdue: false });
    expect(status.resetAt).not.toBeNull();
    expect(Date.parse(status.dueAt) - Date.now()).toBeGreaterThan(13.9 * 24 * 3600 * 1000);
    await enrol({ ...founder, cookie });
    expect((await get(cookie, '/api/auth/twoFactor')).json().data).toMatchObject({ enabled: true, resetAt: null });
  });

  it("lets a Founder reset a Manager's and a Worker's of their own NGO", async () => {
    const founder = await account('Founder', ctx.world.a.id);
    for (const role of ['Manager', 'Worker'] as const) {
      const member = await account(role, ctx.world.a.id);
      await enrol(member);
      expect((await statusOf(founder, member.id)).json().data).toMatchObject({ enabled: true, resettable: true });
      const done = await reset(founder, member.id);
      expect(done.statusCode, `${role}: ${done.body}`).toBe(200);
    }
  });

  it("refuses a Founder resetting another Founder's or an Admin's, and anyone's of another NGO", async () => {
    const founder = await account('Founder', ctx.world.a.id);
    const otherFounder = await account('Founder', ctx.world.a.id);
    await enrol(otherFounder);
    const forbidden = await reset(founder, otherFounder.id);
    expect(forbidden.statusCode).toBe(403);
    expect((await statusOf(founder, otherFounder.id)).statusCode).toBe(403);
    expect(forbidden.json().message).toBe(tr('auth.twoFactor.reset.notAllowed', { actorRole: tr('option.role.Founder'), role: tr('option.role.Founder') }));
    const admin = await account('Admin', null);
    await enrol(admin);
    expect((await reset(founder, admin.id)).statusCode).toBe(404);
    const outsider = await account('Worker', ctx.world.b.id);
    await enrol(outsider);
    expect((await reset(founder, outsider.id)).statusCode).toBe(404);
    expect((await statusOf(founder, outsider.id)).statusCode).toBe(404);
    for (const who of [otherFounder, admin, outsider]) expect((await get(who.cookie, '/api/auth/twoFactor')).json().data.enabled).toBe(true);
  });

  it('refuses a Manager and a Worker, even for someone of their own NGO', async () => {
    const worker = await account('Worker', ctx.world.a.id);
    await enrol(worker);
    for (const role of ['Manager', 'Worker'] as const) {
      const other = await account(role, ctx.world.a.id);
      expect((await reset(other, worker.id)).statusCode, role).toBe(403);
      expect((await statusOf(other, worker.id)).statusCode, role).toBe(403);
    }
    expect((await get(worker.cookie, '/api/auth/twoFactor')).json().data.enabled).toBe(true);
  });

  it("refuses one's own reset, and a reset of someone who has not set it up", async () => {
    const admin = await account('Admin', null);
    await enrol(admin);
    const own = await reset(admin, admin.id);
    expect(own.statusCode).toBe(422);
    expect(own.json().message).toBe(tr('auth.twoFactor.reset.self'));
    const worker = await account('Worker', ctx.world.a.id);
    const none = await reset(admin, worker.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(tr('auth.twoFactor.reset.notOn'));
    expect((await reset(admin, 999999)).statusCode).toBe(404);
  });
});
