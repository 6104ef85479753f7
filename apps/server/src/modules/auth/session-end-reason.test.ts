import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld } from '../../../test/api';

const ctx = useTwoNgoWorld();

/** A call only a signed-in user may make. */
const signedInCall = (cookie: string) => ctx.t.app.inject({ method: 'POST', url: '/api/reporter/getReporters', headers: { cookie }, payload: {} });

describe('why a session ended (issue 34)', () => {
  it("tells a user signed out by someone else's role change why, once, on their next request", async () => {
    const { Founder, Worker } = ctx.world.inA;
    const changed = await Founder.post('/api/user/updateUser', { id: Worker.id, role: 'Manager' });
    expect(changed.statusCode, changed.body).toBe(200);

    const first = await signedInCall(Worker.cookie);
    expect(first.statusCode).toBe(401);
    expect(first.headers['session-ended']).toBe('roleChanged');
    const second = await signedInCall(Worker.cookie);
    expect(second.statusCode).toBe(401);
    expect(second.headers['session-ended']).toBeUndefined();
    const rows = await ctx.t.database.db.selectFrom('sessions').select('id').where('user_id', '=', Worker.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('tells it on the public session probe too, and serves nobody on the ended session', async () => {
    const { Founder, Worker } = ctx.world.inA;
    await Founder.post('/api/user/updateUser', { id: Worker.id, role: 'Manager' });
    const me = await ctx.t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: Worker.cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toBeNull();
    expect(me.headers['session-ended']).toBe('roleChanged');
  });

  it('tells a user whose password someone else changed why', async () => {
    const { Founder, Worker } = ctx.world.inA;
    const changed = await Founder.post('/api/user/updateUser', { id: Worker.id, password: 'New-pass-123' });
    expect(changed.statusCode, changed.body).toBe(200);
    const next = await signedInCall(Worker.cookie);
    expect(next.statusCode).toBe(401);
    expect(next.headers['session-ended']).toBe('passwordChanged');
  });

  it('says nothing to a caller without the ended session, or after an edit that ends no session', async () => {
    const { Founder, Worker } = ctx.world.inA;
    await Founder.post('/api/user/updateUser', { id: Worker.id, name: 'Renamed Worker' });
    expect((await signedInCall(Worker.cookie)).statusCode).toBe(200);
    await Founder.post('/api/user/updateUser', { id: Worker.id, role: 'Manager' });
    const stranger = await signedInCall('rd_session=not-a-session-of-anyone');
    expect(stranger.statusCode).toBe(401);
    expect(stranger.headers['session-ended']).toBeUndefined();
  });
});
