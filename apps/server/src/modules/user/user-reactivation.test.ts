import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld } from '../../../test/api';

const ctx = useTwoNgoWorld();

let serial = 0;
function newUser(role: string, extra: object = {}) {
  serial += 1;
  return { name: `Kept ${serial}`, email: `kept${serial}@example.org`, username: `kept${serial}`, contact: '+91 98450 12345', password: 'secret-123', role, ...extra };
}

async function deactivatedWorker() {
  const founder = ctx.world.inA.Founder;
  const user = (await founder.post('/api/user/createUser', newUser('Worker'))).json().data;
  expect((await founder.post('/api/user/deleteUser', { id: user.id })).statusCode).toBe(200);
  return user as { id: number; username: string; email: string };
}

describe('deactivated users', () => {
  it('lists deactivated accounts on request, and active ones by default', async () => {
    const gone = await deactivatedWorker();
    const founder = ctx.world.inA.Founder;
    const ids = async (body: object) => (await founder.post('/api/user/getUsers', body)).json().data.map((u: { id: number }) => u.id);
    expect(await ids({})).not.toContain(gone.id);
    expect(await ids({ status: 'deactivated' })).toEqual([gone.id]);
    expect(await ids({ status: 'all' })).toContain(gone.id);
    const listed = (await founder.post('/api/user/getUsers', { status: 'deactivated' })).json().data[0];
    expect(listed.active).toBe(false);
    expect((await founder.post('/api/user/getUsers', { status: 'gone' })).statusCode).toBe(422);
  });

  it('reactivates an account, which can then sign in again, and audits it', async () => {
    const gone = await deactivatedWorker();
    const login = () => ctx.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId: gone.username, password: 'secret-123' } });
    expect((await login()).statusCode).toBe(403);
    const back = await ctx.world.inA.Manager.post('/api/user/reactivateUser', { id: gone.id });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.active).toBe(true);
    expect((await login()).statusCode).toBe(200);
    const audit = await ctx.t.database.db.selectFrom('audit_log').select('action').where('entity', '=', 'user').where('entity_id', '=', String(gone.id)).execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'deactivate', 'reactivate']);
  });

  it('lets only those who may manage the role reactivate, and only in their own NGO', async () => {
    const founder = ctx.world.inA.Founder;
    const manager = (await founder.post('/api/user/createUser', newUser('Manager'))).json().data;
    await founder.post('/api/user/deleteUser', { id: manager.id });
    expect((await ctx.world.inA.Manager.post('/api/user/reactivateUser', { id: manager.id })).statusCode).toBe(403);
    expect((await ctx.world.inB.Founder.post('/api/user/reactivateUser', { id: manager.id })).statusCode).toBe(404);
    expect((await ctx.world.inA.Worker.post('/api/user/reactivateUser', { id: manager.id })).statusCode).toBe(403);
    expect((await founder.post('/api/user/getUserById', { id: manager.id })).json().data.active).toBe(false);
  });

  it('says a username or email belongs to a deactivated account instead of only "taken"', async () => {
    const gone = await deactivatedWorker();
    const founder = ctx.world.inA.Founder;
    const byUsername = await founder.post('/api/user/createUser', newUser('Worker', { username: gone.username }));
    expect(byUsername.statusCode).toBe(409);
    expect(byUsername.json().message).toBe('A deactivated account already has this username. Reactivate it from the user list instead.');
    const byEmail = await founder.post('/api/user/createUser', newUser('Worker', { email: gone.email }));
    expect(byEmail.json().message).toBe('A deactivated account already uses this email. Reactivate it from the user list instead.');
    const active = await founder.post('/api/user/createUser', newUser('Worker', { username: 'kept-active' }));
    const clash = await founder.post('/api/user/createUser', newUser('Worker', { username: active.json().data.username }));
    expect(clash.json().message).toBe('This username is already taken.');
  });
});
