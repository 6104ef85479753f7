import { ROLES, canAssignRole } from '@rescuedesk/shared';
import { describe, expect, it } from 'vitest';
import { signIn, useTwoNgoWorld } from '../../../test/api';

const ctx = useTwoNgoWorld();

let serial = 0;
function newUser(role: string, extra: object = {}) {
  serial += 1;
  // A committee member needs a designation (docs/reports.md#signing-the-monthly-report).
  const designation = role === 'Committee' ? { designation: 'Municipal Veterinary Officer' } : {};
  return { name: `Person ${serial}`, email: `person${serial}@example.org`, username: `person${serial}`, contact: '+91 98450 12345', password: 'secret-123', role, ...designation, ...extra };
}

describe('user management', () => {
  it('creates, reads, updates and deactivates a user', async () => {
    const founder = ctx.world.inA.Founder;
    const created = await founder.post('/api/user/createUser', newUser('Manager', { ngoId: ctx.world.b.id }));
    // A Founder naming another NGO is treated as that NGO not existing.
    expect(created.statusCode).toBe(404);

    const ok = await founder.post('/api/user/createUser', newUser('Manager'));
    expect(ok.statusCode, ok.body).toBe(200);
    const user = ok.json().data;
    expect(user).toMatchObject({ role: 'Manager', ngoId: ctx.world.a.id, active: true, verificationId: [] });
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('passwordHash');

    const read = await founder.post('/api/user/getUserById', { id: user.id });
    expect(read.json().data.email).toBe(user.email);

    const updated = await founder.post('/api/user/updateUser', { id: user.id, name: 'Meera Manager', contact: '080-2345-6789' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Meera Manager', contact: '080-2345-6789', email: user.email });

    const login = await ctx.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId: user.username, password: 'secret-123' } });
    expect(login.statusCode).toBe(200);
    const deleted = await founder.post('/api/user/deleteUser', { id: user.id });
    expect(deleted.statusCode).toBe(200);
    const list = await founder.post('/api/user/getUsers', { search: user.username });
    expect(list.json().meta.total).toBe(0);
    const relogin = await ctx.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId: user.username, password: 'secret-123' } });
    expect(relogin.statusCode).toBe(403);
    expect(relogin.json().message).toContain('deactivated');
  });

  it('refuses missing required fields with the field named', async () => {
    const cases: Array<[object, string]> = [
      [{ ...newUser('Worker'), name: '' }, 'Name is required'],
      [{ ...newUser('Worker'), email: 'not-an-email' }, 'Email must be a valid email address'],
      [{ ...newUser('Worker'), contact: '12' }, 'Contact must be a phone number of 7 to 15 digits'],
      [{ ...newUser('Worker'), username: 'a b' }, 'Username must be 3 to 50 letters, digits, dots, dashes or underscores'],
      [{ ...newUser('Worker'), password: undefined }, 'Password is required'],
      [{ ...newUser('Worker'), role: 'Boss' }, 'Role must be one of Admin, Founder, Manager or Worker'],
    ];
    for (const [body, message] of cases) {
      const response = await ctx.world.inA.Founder.post('/api/user/createUser', body);
      expect(response.statusCode, message).toBe(422);
      expect(response.json().message).toBe(message);
    }
  });

  it('requires an Admin to choose the NGO of a non-Admin user, by id or by name', async () => {
    const missing = await ctx.world.admin.post('/api/user/createUser', newUser('Worker'));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe('NGO is required');
    const byName = await ctx.world.admin.post('/api/user/createUser', newUser('Worker', { ngoName: 'blue cross unit' }));
    expect(byName.json().data.ngoId).toBe(ctx.world.b.id);
    const admin = await ctx.world.admin.post('/api/user/createUser', newUser('Admin'));
    expect(admin.json().data.ngoId).toBeNull();
  });

  it('refuses a second account with the same email or username, whatever the case', async () => {
    const first = newUser('Worker');
    expect((await ctx.world.inA.Manager.post('/api/user/createUser', first)).statusCode).toBe(200);
    const sameEmail = await ctx.world.inB.Manager.post('/api/user/createUser', newUser('Worker', { email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe('A user with this email already exists.');
    const sameUsername = await ctx.world.inB.Manager.post('/api/user/createUser', newUser('Worker', { username: first.username.toUpperCase() }));
    expect(sameUsername.statusCode).toBe(409);
    expect(sameUsername.json().message).toBe('This username is already taken.');
  });

  describe('the role-assignment table', () => {
    for (const actorRole of ['Admin', 'Founder', 'Manager'] as const) {
      for (const target of ROLES) {
        const allowed = canAssignRole(actorRole, target);
        it(`${allowed ? 'lets' : 'refuses'} a ${actorRole} creating a ${target}`, async () => {
          const actor = actorRole === 'Admin' ? ctx.world.admin : ctx.world.inA[actorRole];
          const response = await actor.post('/api/user/createUser', newUser(target, actorRole === 'Admin' ? { ngoId: ctx.world.a.id } : {}));
          expect(response.statusCode, response.body).toBe(allowed ? 200 : 403);
        });
      }
    }
  });

  it('refuses a Manager creating a Founder, with a clear message', async () => {
    const response = await ctx.world.inA.Manager.post('/api/user/createUser', newUser('Founder'));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('A Manager cannot manage Founder accounts.');
  });

  it('refuses a Manager promoting a Worker to Founder, or editing a Founder', async () => {
    const worker = ctx.world.inA.Worker;
    expect((await ctx.world.inA.Manager.post('/api/user/updateUser', { id: worker.id, role: 'Founder' })).statusCode).toBe(403);
    expect((await ctx.world.inA.Manager.post('/api/user/updateUser', { id: ctx.world.inA.Founder.id, name: 'Renamed' })).statusCode).toBe(403);
    expect((await ctx.world.inA.Manager.post('/api/user/deleteUser', { id: ctx.world.inA.Founder.id })).statusCode).toBe(403);
  });

  it('refuses anyone raising their own role', async () => {
    const manager = ctx.world.inA.Manager;
    const response = await manager.post('/api/user/updateUser', { id: manager.id, role: 'Founder' });
    expect(response.statusCode).toBe(403);
    const founder = ctx.world.inA.Founder;
    expect((await founder.post('/api/user/updateUser', { id: founder.id, role: 'Admin' })).statusCode).toBe(403);
  });

  it('refuses a Founder moving themselves or anyone into another NGO', async () => {
    const founder = ctx.world.inA.Founder;
    expect((await founder.post('/api/user/updateUser', { id: founder.id, ngoId: ctx.world.b.id })).statusCode).toBe(404);
    expect((await founder.post('/api/user/updateUser', { id: ctx.world.inA.Worker.id, ngoId: ctx.world.b.id })).statusCode).toBe(404);
  });

  it('lets an Admin move a user to another NGO, ending their sessions', async () => {
    const worker = ctx.world.inA.Worker;
    const moved = await ctx.world.admin.post('/api/user/updateUser', { id: worker.id, ngoId: ctx.world.b.id });
    expect(moved.json().data.ngoId).toBe(ctx.world.b.id);
    expect((await worker.post('/api/user/getUsers')).statusCode).toBe(401);
  });

  it('refuses deactivating your own account', async () => {
    const response = await ctx.world.inA.Founder.post('/api/user/deleteUser', { id: ctx.world.inA.Founder.id });
    expect(response.statusCode).toBe(422);
  });

  it('ends the sessions of a deactivated user', async () => {
    const extra = await signIn(ctx.t, 'Worker', ctx.world.a.id);
    expect((await extra.post('/api/reporter/getReporters')).statusCode).toBe(200);
    await ctx.world.inA.Manager.post('/api/user/deleteUser', { id: extra.id });
    expect((await extra.post('/api/reporter/getReporters')).statusCode).toBe(401);
  });

  it('keeps each NGO to its own users', async () => {
    const founderB = ctx.world.inB.Founder;
    expect((await founderB.post('/api/user/getUserById', { id: ctx.world.inA.Worker.id })).statusCode).toBe(404);
    expect((await founderB.post('/api/user/updateUser', { id: ctx.world.inA.Worker.id, name: 'X' })).statusCode).toBe(404);
    expect((await founderB.post('/api/user/deleteUser', { id: ctx.world.inA.Worker.id })).statusCode).toBe(404);
    const list = await founderB.post('/api/user/getUsers', { pageSize: 100 });
    expect(list.json().data.every((u: { ngoId: number }) => u.ngoId === ctx.world.b.id)).toBe(true);
    expect(list.json().meta.total).toBe(3);
    const all = await ctx.world.admin.post('/api/user/getUsers', { pageSize: 100 });
    expect(all.json().meta.total).toBe(7);
    const onlyB = await ctx.world.admin.post('/api/user/getUsers', { ngoId: ctx.world.b.id });
    expect(onlyB.json().meta.total).toBe(3);
  });

  it('gives a Worker 403 on every user call', async () => {
    for (const url of ['getUsers', 'getUserById', 'createUser', 'updateUser', 'deleteUser']) {
      expect((await ctx.world.inA.Worker.post(`/api/user/${url}`, { id: 1 })).statusCode).toBe(403);
    }
  });

  it('searches by name, email or username and pages the result', async () => {
    for (let i = 0; i < 5; i++) await ctx.world.inA.Founder.post('/api/user/createUser', newUser('Worker', { name: `Kavya ${i}` }));
    const page1 = await ctx.world.inA.Founder.post('/api/user/getUsers', { search: 'KAVYA', page: 1, pageSize: 2 });
    expect(page1.json().meta).toEqual({ total: 5, page: 1, pageSize: 2 });
    expect(page1.json().data).toHaveLength(2);
    const page3 = await ctx.world.inA.Founder.post('/api/user/getUsers', { search: 'kavya', page: 3, pageSize: 2 });
    expect(page3.json().data).toHaveLength(1);
    const none = await ctx.world.inA.Founder.post('/api/user/getUsers', { search: '100%_' });
    expect(none.json().meta.total).toBe(0);
  });

  it("names each user's NGO in the list, for an Admin across NGOs and for a Founder in their own", async () => {
    const all = await ctx.world.admin.post('/api/user/getUsers', { pageSize: 100 });
    expect(all.statusCode).toBe(200);
    const ngoNames = new Map(all.json().data.map((u: { id: number; ngoName: string | null }) => [u.id, u.ngoName]));
    expect(ngoNames.get(ctx.world.inA.Worker.id)).toBe(ctx.world.a.name);
    expect(ngoNames.get(ctx.world.inB.Founder.id)).toBe(ctx.world.b.name);
    // The platform's Admin belongs to no NGO.
    expect(ngoNames.get(ctx.world.admin.id)).toBeNull();
    const own = await ctx.world.inB.Founder.post('/api/user/getUsers', { pageSize: 100 });
    expect(new Set(own.json().data.map((u: { ngoName: string }) => u.ngoName))).toEqual(new Set([ctx.world.b.name]));
  });

  it("searches names, emails and usernames, not the NGO's name, now the list joins the NGO", async () => {
    await ctx.world.admin.post('/api/user/createUser', newUser('Worker', { ngoId: ctx.world.b.id, name: 'Zubin Zaveri', username: 'zubinz', email: 'zz@example.org' }));
    for (const search of ['zubin', 'ZUBINZ', 'zz@example']) {
      const found = await ctx.world.admin.post('/api/user/getUsers', { search });
      expect(found.statusCode, search).toBe(200);
      expect(found.json().data.map((u: { name: string; ngoName: string }) => [u.name, u.ngoName])).toEqual([['Zubin Zaveri', ctx.world.b.name]]);
    }
    // An NGO's name is no user's name: a search for it finds nobody (and is not ambiguous between the two tables).
    const byNgo = await ctx.world.admin.post('/api/user/getUsers', { search: ctx.world.b.name });
    expect(byNgo.statusCode).toBe(200);
    expect(byNgo.json().meta.total).toBe(0);
    // Scoped and searched at once: Founder A does not find B's user.
    const fromA = await ctx.world.inA.Founder.post('/api/user/getUsers', { search: 'zubin', status: 'all' });
    expect(fromA.json().meta.total).toBe(0);
  });
});
