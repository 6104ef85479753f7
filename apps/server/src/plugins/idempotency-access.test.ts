import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld } from '../../test/api';
import { REPORTING } from '../../test/cases';
import { createUser } from '../../test/factories';

const ctx = useTwoNgoWorld();

/** A Worker of its own, whose password the test knows: moved to another NGO, they sign in again. */
interface Account {
  id: number;
  username: string;
  password: string;
  cookie: string;
}

const reporting = REPORTING;

async function workerIn(ngoId: number): Promise<Account> {
  const { user, password } = await createUser(ctx.t.database.db, { role: 'Worker', ngoId });
  return { id: user.id, username: user.username, password, cookie: await ctx.t.login(user.username, password) };
}

function send(cookie: string, url: string, payload: object | string, key?: string) {
  const headers: Record<string, string> = { cookie, ...(key ? { 'idempotency-key': key } : {}) };
  if (typeof payload === 'string') headers['content-type'] = 'application/json';
  return ctx.t.app.inject({ method: 'POST', url, payload, headers });
}

/** An Admin moves the account to NGO B, which ends its sessions; the person signs in again there. */
async function moveToB(account: Account): Promise<void> {
  const moved = await ctx.world.admin.post('/api/user/updateUser', { id: account.id, ngoId: ctx.world.b.id });
  expect(moved.statusCode, moved.body).toBe(200);
  account.cookie = await ctx.t.login(account.username, account.password);
}

async function newCase(cookie: string): Promise<number> {
  const created = await send(cookie, '/api/case/createCase', { type: 'OPD' });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().data.id;
}

async function caseCount(): Promise<number> {
  return (await ctx.t.database.db.selectFrom('cases').select('id').execute()).length;
}

describe('Idempotency-Key replays check access again (docs/decisions/011, issue 33)', () => {
  it('answers a moved Worker replaying a reporter step save as a fresh save from them, without NGO A data', async () => {
    const worker = await workerIn(ctx.world.a.id);
    const caseId = await newCase(worker.cookie);
    const body = { caseId, ...reporting };
    const first = await send(worker.cookie, '/api/case/updateReportingDetail', body, 'outbox-0101-step');
    expect(first.statusCode, first.body).toBe(200);
    await moveToB(worker);

    const replay = await send(worker.cookie, '/api/case/updateReportingDetail', body, 'outbox-0101-step');
    const fresh = await send(worker.cookie, '/api/case/updateReportingDetail', body, 'outbox-0102-fresh');
    expect(fresh.statusCode).toBe(404);
    expect(replay.statusCode).toBe(fresh.statusCode);
    expect(replay.body).toBe(fresh.body);
    expect(replay.headers['idempotent-replayed']).toBeUndefined();
    expect(replay.body).not.toContain('98450');
  });

  it("answers a moved Worker replaying a create as their read of that case is answered, and makes no second case", async () => {
    const worker = await workerIn(ctx.world.a.id);
    const body = { type: 'OPD', idempotencyKey: 'outbox-0103-create' };
    const first = await send(worker.cookie, '/api/case/createCase', body, 'outbox-0103-create');
    expect(first.statusCode, first.body).toBe(200);
    const { id, ngoId } = first.json().data;
    expect(ngoId).toBe(ctx.world.a.id);
    const cases = await caseCount();
    await moveToB(worker);

    const replay = await send(worker.cookie, '/api/case/createCase', body, 'outbox-0103-create');
    const fresh = await send(worker.cookie, '/api/case/getCaseById', { id });
    expect(fresh.statusCode).toBe(404);
    expect(replay.statusCode).toBe(404);
    expect(replay.body).toBe(fresh.body);
    expect(replay.body).not.toContain(String(ctx.world.a.id));
    expect(await caseCount()).toBe(cases);
  });

  it('answers a moved Worker replaying a create whose answer was never kept with not found, so no second case is asked for', async () => {
    const worker = await workerIn(ctx.world.a.id);
    const body = { type: 'OPD', idempotencyKey: 'outbox-0114-create' };
    expect((await send(worker.cookie, '/api/case/createCase', body, 'outbox-0114-create')).statusCode).toBe(200);
    // Applied long ago, but the server stopped before keeping the answer.
    const old = new Date(Date.now() - 10 * 60_000).toISOString();
    await ctx.t.database.db.updateTable('idempotency_keys').set({ status_code: null, response: null, created_at: old }).where('key', '=', 'outbox-0114-create').execute();
    await moveToB(worker);

    const replay = await send(worker.cookie, '/api/case/createCase', body, 'outbox-0114-create');
    expect(replay.statusCode).toBe(404);
    expect(replay.headers['idempotent-replayed']).toBeUndefined();
  });

  it('answers a moved Worker replaying a reporter they created with not found, not the reporter and their phone', async () => {
    const worker = await workerIn(ctx.world.a.id);
    const body = { name: 'Asha Rao', contact: '9845012345' };
    expect((await send(worker.cookie, '/api/reporter/createReporter', body, 'outbox-0104-reporter')).statusCode).toBe(200);
    await moveToB(worker);

    const replay = await send(worker.cookie, '/api/reporter/createReporter', body, 'outbox-0104-reporter');
    expect(replay.statusCode).toBe(404);
    expect(replay.body).not.toContain('9845012345');
  });

  it('answers a replayed step save and post-op day of a case deleted since as a fresh request, 404', async () => {
    const worker = ctx.world.inA.Worker;
    const caseId = await newCase(worker.cookie);
    const step = { caseId, animalColor: 'Brown' };
    const day = { caseId, dayNumber: 1, notes: 'Eating well' };
    expect((await send(worker.cookie, '/api/case/updateAnimalDetail', step, 'outbox-0105-step')).statusCode).toBe(200);
    expect((await send(worker.cookie, '/api/case/addPostOpDay', day, 'outbox-0106-day')).statusCode).toBe(200);
    expect((await ctx.world.inA.Manager.post('/api/case/deleteCase', { caseId })).statusCode).toBe(200);

    for (const [url, body, key] of [
      ['/api/case/updateAnimalDetail', step, 'outbox-0105-step'],
      ['/api/case/addPostOpDay', day, 'outbox-0106-day'],
    ] as const) {
      const replay = await send(worker.cookie, url, body, key);
      const fresh = await send(worker.cookie, url, body, `${key}-fresh`);
      expect(fresh.statusCode).toBe(404);
      expect(replay.statusCode, url).toBe(404);
      expect(replay.body).toBe(fresh.body);
      expect(replay.body).not.toContain('Brown');
    }
  });

  it('still replays the delete of a case to the one who deleted it', async () => {
    const manager = ctx.world.inA.Manager;
    const caseId = await newCase(manager.cookie);
    const first = await send(manager.cookie, '/api/case/deleteCase', { caseId }, 'outbox-0107-delete');
    expect(first.statusCode, first.body).toBe(200);
    const replay = await send(manager.cookie, '/api/case/deleteCase', { caseId }, 'outbox-0107-delete');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
  });

  it('answers 401 to a deactivated Worker replaying a save: their session is gone', async () => {
    const worker = await workerIn(ctx.world.a.id);
    const caseId = await newCase(worker.cookie);
    const body = { caseId, ...reporting };
    expect((await send(worker.cookie, '/api/case/updateReportingDetail', body, 'outbox-0108-step')).statusCode).toBe(200);
    expect((await ctx.world.inA.Manager.post('/api/user/deleteUser', { id: worker.id })).statusCode).toBe(200);

    const replay = await send(worker.cookie, '/api/case/updateReportingDetail', body, 'outbox-0108-step');
    expect(replay.statusCode).toBe(401);
    expect(replay.body).not.toContain('98450');
    // The right password on the deactivated account: told so (403), and no new session.
    const signIn = await ctx.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId: worker.username, password: worker.password } });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.cookies).toHaveLength(0);
  });

  it('refuses the same key with a different body with 422 and applies nothing, on a looked-up and on a step route', async () => {
    const worker = ctx.world.inA.Worker;
    const caseId = await newCase(worker.cookie);
    for (const [url, body, changed, key] of [
      ['/api/case/addPostOpDay', { caseId, dayNumber: 1, notes: 'Eating well' }, { caseId, dayNumber: 1, notes: 'Not eating' }, 'outbox-0109-day'],
      ['/api/case/updateAnimalDetail', { caseId, animalColor: 'Brown' }, { caseId, animalColor: 'Black' }, 'outbox-0110-step'],
    ] as const) {
      expect((await send(worker.cookie, url, body, key)).statusCode).toBe(200);
      const reused = await send(worker.cookie, url, changed, key);
      expect(reused.statusCode, url).toBe(422);
      expect(reused.json().message).toBe('This Idempotency-Key was already used with different values. Send a changed request with a new key.');
      expect(reused.headers['idempotent-in-progress']).toBeUndefined();
    }
    const now = (await worker.post('/api/case/getCaseById', { id: caseId })).json().data;
    expect(now.animalDetail.animalColor).toBe('Brown');
    expect(now.postOpDays.map((d: { notes: string }) => d.notes)).toEqual(['Eating well']);
  });

  it('says so in Hindi for a Hindi request', async () => {
    const worker = ctx.world.inA.Worker;
    const caseId = await newCase(worker.cookie);
    expect((await send(worker.cookie, '/api/case/updateCase', { caseId, status: 'Admitted' }, 'outbox-0111-card')).statusCode).toBe(200);
    const reused = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/case/updateCase',
      payload: { caseId, status: 'Released' },
      headers: { cookie: worker.cookie, 'idempotency-key': 'outbox-0111-card', 'accept-language': 'hi' },
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe('यह Idempotency-Key पहले दूसरी जानकारी के साथ इस्तेमाल हो चुकी है। बदले हुए अनुरोध के साथ नई Idempotency-Key भेजें।');
  });

  it('replays the same body sent with its keys in another order and other spacing with the first answer', async () => {
    const worker = ctx.world.inA.Worker;
    const caseId = await newCase(worker.cookie);
    const first = await send(worker.cookie, '/api/case/updateAnimalDetail', JSON.stringify({ caseId, animalColor: 'Brown', animalWeight: 12 }), 'outbox-0112-step');
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(worker.cookie, '/api/case/updateAnimalDetail', `{ "animalWeight": 12,\n  "animalColor": "Brown", "caseId": ${caseId} }`, 'outbox-0112-step');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it("applies another user's write sent with the same key as their own, and still replays the first user's answer to them", async () => {
    const worker = ctx.world.inA.Worker;
    const caseId = await newCase(worker.cookie);
    const mine = await send(worker.cookie, '/api/case/updateAnimalDetail', { caseId, animalColor: 'Brown' }, 'outbox-0113-shared');
    expect(mine.statusCode).toBe(200);
    const theirs = await send(ctx.world.inA.Manager.cookie, '/api/case/updateAnimalDetail', { caseId, animalColor: 'Black' }, 'outbox-0113-shared');
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().data.animalDetail.animalColor).toBe('Black');
    const again = await send(worker.cookie, '/api/case/updateAnimalDetail', { caseId, animalColor: 'Brown' }, 'outbox-0113-shared');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(mine.body);
  });
});
