import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { UnitOfWork } from '../../db/unit-of-work';
import { createNgo, createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { AuditRepository } from '../audit/audit.repository';
import { ensureFirstAdmin, firstAdminNotice } from './first-admin';
import { UserRepository } from './user.repository';

/**
 * At start the server makes sure the platform has an active Admin: on an empty database, on one the
 * seed script filled with NGO staff only, and on one whose Admins were all deactivated.
 */
let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const NO_SETTINGS: Config['admin'] = { username: undefined, email: undefined, password: undefined };

function ensure(admin: Config['admin'] = NO_SETTINGS) {
  const uow = new UnitOfWork(t.database.db, (d) => ({ users: new UserRepository(d), audit: new AuditRepository(d) }));
  return uow.transaction((repos) => ensureFirstAdmin(repos, admin));
}

const signIn = (loginId: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId, password } });

async function seedStaff(): Promise<void> {
  const ngo = await createNgo(t.database.db, 'Green Paws Trust');
  for (const role of ['Founder', 'Manager', 'Worker'] as const) await createUser(t.database.db, { role, ngoId: ngo.id });
}

describe('ensureFirstAdmin', () => {
  it('creates an Admin with a generated password on an empty database, and the console says how to sign in', async () => {
    const result = await ensure();
    expect(result).toMatchObject({ created: true, username: 'admin' });
    const notice = firstAdminNotice(result, NO_SETTINGS).join('\n');
    expect(notice).toContain('Login ID: admin');
    expect(notice).toContain(`Generated password (shown only now; change it in Settings): ${result.generatedPassword}`);
    const login = await signIn('admin', result.generatedPassword!);
    expect(login.statusCode).toBe(200);
    expect(login.json().data.role).toBe('Admin');
  });

  it('creates an Admin on a database that has NGO staff but no Admin (what the seed script leaves)', async () => {
    await seedStaff();
    const result = await ensure();
    expect(result.created).toBe(true);
    expect((await signIn('admin', result.generatedPassword!)).statusCode).toBe(200);
  });

  it('creates an Admin when every Admin has been deactivated', async () => {
    const { user } = await createUser(t.database.db, { role: 'Admin', ngoId: null, username: 'old-admin' });
    await t.database.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', user.id).execute();
    expect((await ensure()).created).toBe(true);
  });

  it('takes the login ID, email and password from ADMIN_*, and signs in with either login ID', async () => {
    await seedStaff();
    const admin = { username: 'asha', email: 'asha@example.org', password: 'a-long-passphrase' };
    const result = await ensure(admin);
    expect(result).toEqual({ created: true, username: 'asha' });
    expect(firstAdminNotice(result, admin).join('\n')).toContain('Password: the ADMIN_PASSWORD you set.');
    expect((await signIn('asha', 'a-long-passphrase')).statusCode).toBe(200);
    expect((await signIn('asha@example.org', 'a-long-passphrase')).statusCode).toBe(200);
  });

  it('picks another login ID, and says so, when the wanted one belongs to another account', async () => {
    const ngo = await createNgo(t.database.db);
    await createUser(t.database.db, { role: 'Worker', ngoId: ngo.id, username: 'admin' });
    const result = await ensure();
    expect(result).toMatchObject({ created: true, username: 'admin-2', wantedUsername: 'admin' });
    expect(firstAdminNotice(result, NO_SETTINGS).join('\n')).toContain("The login ID 'admin' is already used by another account.");
    expect((await signIn('admin-2', result.generatedPassword!)).statusCode).toBe(200);
  });

  it('creates nothing when an active Admin exists, and says that ADMIN_* were ignored when they were set', async () => {
    await createUser(t.database.db, { role: 'Admin', ngoId: null });
    const result = await ensure({ username: 'asha', email: undefined, password: 'a-long-passphrase' });
    expect(result).toEqual({ created: false });
    expect(firstAdminNotice(result, { username: 'asha', email: undefined, password: 'a-long-passphrase' })).toEqual([
      'ADMIN_USERNAME, ADMIN_PASSWORD ignored: the database already has an active Admin (these settings only create the first one).',
    ]);
    expect(firstAdminNotice(result, NO_SETTINGS)).toEqual([]);
    expect((await signIn('asha', 'a-long-passphrase')).statusCode).toBe(401);
  });
});
