import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { generate, generateSecret } from 'otplib';
import { afterEach, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { createTestApp, sessionCookieOf, type TestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { TotpKeyError, TotpSecretBox, keyIdOf } from './totp-secret-box';
import type { TwoFactorTables } from './two-factor.repository';

/** TOTP secrets sealed at rest, and the key rotated (docs/decisions/028, "Secrets at rest"). */
const newKey = () => randomBytes(32);
const base64 = (key: Buffer) => key.toString('base64');

describe('the secret box', () => {
  it('opens what it sealed, and only for the account it was sealed for', () => {
    const box = new TotpSecretBox(newKey());
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 7);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 7)).not.toBe(sealed);
    expect(box.open(sealed, 7)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open(sealed, 8)).toThrow(TotpKeyError);
  });

  it('opens a value of an old key, seals with the current one, and answers a value from before sealing as it is', () => {
    const old = newKey();
    const sealedBefore = new TotpSecretBox(old).seal('JBSWY3DPEHPK3PXP', 1);
    const box = new TotpSecretBox(newKey(), [old]);
    expect(box.isCurrent(sealedBefore)).toBe(false);
    expect(box.open(sealedBefore, 1)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.isCurrent(box.seal('JBSWY3DPEHPK3PXP', 1))).toBe(true);
    expect(box.open('JBSWY3DPEHPK3PXP', 1)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('names the key when no configured key opens a value, and refuses an altered value', () => {
    const other = newKey();
    const sealed = new TotpSecretBox(other).seal('JBSWY3DPEHPK3PXP', 1);
    expect(() => new TotpSecretBox(newKey()).open(sealed, 1)).toThrow(new RegExp(`sealed with key ${keyIdOf(other)}, which is neither TOTP_ENCRYPTION_KEY`));
    const parts = sealed.split(':');
    parts[4] = Buffer.from('KBSWY3DPEHPK3PXP').toString('base64url');
    expect(() => new TotpSecretBox(other).open(parts.join(':'), 1)).toThrow(/altered or belongs to another account/);
    expect(() => new TotpSecretBox(other).open('v1:broken', 1)).toThrow(TotpKeyError);
  });
});

describe('sealing at start and rotating the key', () => {
  let t: TestApp | undefined;
  const restarted: FastifyInstance[] = [];
  afterEach(async () => {
    for (const app of restarted.splice(0)) await app.close();
    await t?.close();
    t = undefined;
  });

  /** Another start of the server on the same database, with these keys. */
  async function restart(test: TestApp, env: Record<string, string>): Promise<FastifyInstance> {
    const config = loadConfig({ DATA_DIR: test.config.dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env });
    const app = await buildApp({ config, database: test.database, logger: false });
    restarted.push(app);
    await app.ready();
    return app;
  }

  const storedSecret = async (test: TestApp, userId: number) =>
    (await test.database.db.withTables<TwoFactorTables>().selectFrom('two_factor_accounts').select('secret').where('user_id', '=', userId).executeTakeFirstOrThrow()).secret;

  /** A code of the time-step `steps` after now. */
  const codeAt = (secret: string, steps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
  /** Lets the next code be of the same time-step as the last one accepted: three sign-ins within a minute. */
  const forgetLastCode = (test: TestApp, userId: number) =>
    test.database.db.withTables<TwoFactorTables>().updateTable('two_factor_accounts').set({ last_time_step: null }).where('user_id', '=', userId).execute();

  /** Signs in with the password and a code on `app`: the status of the second step. */
  async function signInWithCode(app: FastifyInstance, username: string, password: string, code: string): Promise<number> {
    const first = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId: username, password } });
    expect(first.json().data.twoFactor, first.body).toBe('required');
    const second = await app.inject({ method: 'POST', url: '/api/auth/twoFactor/verify', payload: { challenge: first.json().data.challenge, code } });
    return second.statusCode;
  }

  async function enrolledWorker(test: TestApp): Promise<{ id: number; username: string; password: string; secret: string }> {
    const { user, password } = await createUser(test.database.db, { role: 'Worker', ngoId: null });
    const cookie = sessionCookieOf(await test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId: user.username, password } }));
    const started = await test.app.inject({ method: 'POST', url: '/api/auth/twoFactor/start', headers: { cookie } });
    const { secret } = started.json().data;
    const confirmed = await test.app.inject({ method: 'POST', url: '/api/auth/twoFactor/confirm', headers: { cookie }, payload: { code: await codeAt(secret, 0) } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { id: user.id, username: user.username, password, secret };
  }

  it('seals a secret stored before secrets were sealed when the server starts; its codes still sign in', async () => {
    const key = newKey();
    t = await createTestApp({ TOTP_ENCRYPTION_KEY: base64(key) });
    const { user, password } = await createUser(t.database.db, { role: 'Worker', ngoId: null });
    const secret = generateSecret();
    const now = new Date().toISOString();
    await t.database.db.withTables<TwoFactorTables>().insertInto('two_factor_accounts').values({ user_id: user.id, secret, enabled_at: now, updated_at: now }).execute();

    const app = await restart(t, { TOTP_ENCRYPTION_KEY: base64(key) });
    const stored = await storedSecret(t, user.id);
    expect(stored).toMatch(new RegExp(`^v1:${keyIdOf(key)}:`));
    expect(stored).not.toContain(secret);
    expect(await signInWithCode(app, user.username, password, await codeAt(secret, 1))).toBe(200);
  });

  it('signs in with a code before and after the key is rotated, and reseals every secret with the new key at start', async () => {
    const oldKey = newKey();
    const key = newKey();
    t = await createTestApp({ TOTP_ENCRYPTION_KEY: base64(oldKey) });
    const worker = await enrolledWorker(t);
    expect(await storedSecret(t, worker.id)).toMatch(new RegExp(`^v1:${keyIdOf(oldKey)}:`));
    expect(await signInWithCode(t.app, worker.username, worker.password, await codeAt(worker.secret, 1))).toBe(200);

    const rotated = await restart(t, { TOTP_ENCRYPTION_KEY: base64(key), TOTP_ENCRYPTION_OLD_KEYS: base64(oldKey) });
    expect(await storedSecret(t, worker.id)).toMatch(new RegExp(`^v1:${keyIdOf(key)}:`));
    await forgetLastCode(t, worker.id);
    expect(await signInWithCode(rotated, worker.username, worker.password, await codeAt(worker.secret, 1))).toBe(200);

    // Once resealed, the old key may go.
    const withoutOld = await restart(t, { TOTP_ENCRYPTION_KEY: base64(key) });
    await forgetLastCode(t, worker.id);
    expect(await signInWithCode(withoutOld, worker.username, worker.password, await codeAt(worker.secret, 1))).toBe(200);
  });

  it('refuses to start with a key that does not open the stored secrets, naming the key, and changes nothing', async () => {
    const key = newKey();
    t = await createTestApp({ TOTP_ENCRYPTION_KEY: base64(key) });
    const worker = await enrolledWorker(t);
    const before = await storedSecret(t, worker.id);
    await expect(restart(t, { TOTP_ENCRYPTION_KEY: base64(newKey()) })).rejects.toThrow(
      new RegExp(`sealed with key ${keyIdOf(key)}, which is neither TOTP_ENCRYPTION_KEY .* nor one of TOTP_ENCRYPTION_OLD_KEYS`),
    );
    expect(await storedSecret(t, worker.id)).toBe(before);
  });
});
