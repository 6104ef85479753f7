import type { Role } from '@rescuedesk/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNgo, createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ownPasswordMessage } from './user.service';

/** docs/product.md#sign-in-and-sessions: changing one's own password always needs the current password. */
let t: TestApp;
let ngoId: number;

beforeEach(async () => {
  t = await createTestApp();
  ngoId = (await createNgo(t.database.db)).id;
});
afterEach(async () => {
  await t.close();
});

async function account(role: Role) {
  const { user, password } = await createUser(t.database.db, { role, ngoId: role === 'Admin' ? null : ngoId });
  return { id: user.id, username: user.username, password, cookie: await t.login(user.username, password) };
}

const post = (cookie: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const signIn = (loginId: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId, password } });

describe('a password through /api/user/updateUser', () => {
  it.each(['Admin', 'Founder', 'Manager'] as const)('refuses a user with the %s role setting their own password there with 422, and changes nothing', async (role) => {
    const me = await account(role);
    const response = await post(me.cookie, '/api/user/updateUser', { id: me.id, name: 'New Name', password: 'brand-new-secret' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: ownPasswordMessage() });
    expect(response.json().message).toContain('Settings');

    expect((await signIn(me.username, 'brand-new-secret')).statusCode).toBe(401);
    expect((await signIn(me.username, me.password)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: me.cookie } })).json().data.name).not.toBe('New Name');
    const audit = await t.database.db.selectFrom('audit_log').select('id').where('entity', '=', 'user').where('entity_id', '=', String(me.id)).execute();
    expect(audit).toEqual([]);
  });

  it('still lets a user change their own name there without a password', async () => {
    const me = await account('Founder');
    const response = await post(me.cookie, '/api/user/updateUser', { id: me.id, name: 'Farah F.', password: '' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.name).toBe('Farah F.');
  });

  it("lets a Founder set a Manager's password, and an Admin an Admin's, as the role table allows", async () => {
    const founder = await account('Founder');
    const manager = await account('Manager');
    expect((await post(founder.cookie, '/api/user/updateUser', { id: manager.id, password: 'set-by-founder' })).statusCode).toBe(200);
    expect((await signIn(manager.username, 'set-by-founder')).statusCode).toBe(200);

    const admin = await account('Admin');
    const otherAdmin = await account('Admin');
    expect((await post(admin.cookie, '/api/user/updateUser', { id: otherAdmin.id, password: 'set-by-admin' })).statusCode).toBe(200);
    expect((await signIn(otherAdmin.username, 'set-by-admin')).statusCode).toBe(200);
  });

  it('leaves /api/auth/changePassword as the way, with the current password', async () => {
    const me = await account('Manager');
    const wrong = await post(me.cookie, '/api/auth/changePassword', { oldPassword: 'not-it', newPassword: 'brand-new-secret', confirmPassword: 'brand-new-secret' });
    expect(wrong.statusCode).toBe(422);
    const right = await post(me.cookie, '/api/auth/changePassword', { oldPassword: me.password, newPassword: 'brand-new-secret', confirmPassword: 'brand-new-secret' });
    expect(right.statusCode).toBe(200);
    expect((await signIn(me.username, 'brand-new-secret')).statusCode).toBe(200);
  });
});
