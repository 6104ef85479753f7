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

async function workerIn(ngoId: number, role: 'Worker' | 'Manager' | 'Founder' = 'Worker'): Promise<Account> {
  const { user, password } = await createUser(ctx.t.database.db, { role, ngoId });
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

/** An Admin changes the account's role, which ends its sessions; the person signs in again with it. */
async function giveRole(account: Account, role: 'Worker' | 'Manager'): Promise<void> {
  const changed = await ctx.world.admin.post('/api/user/updateUser', { id: account.id, role });
  expect(changed.statusCode, changed.body).toBe(200);
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

  describe('on the other routes that keep an answer: reporters, vets, sponsors, users, NGOs', () => {
    const vet = { name: 'Dr Kavya Iyer', regId: 'KVC-55501' };

    it('answers a Manager moved to another NGO replaying a vet save as a fresh save from them, not found', async () => {
      const manager = await workerIn(ctx.world.a.id, 'Manager');
      const created = await send(manager.cookie, '/api/vet/createVet', vet, 'outbox-0201-vet');
      expect(created.statusCode, created.body).toBe(200);
      const { id } = created.json().data;
      const change = { id, regId: 'KVC-55502' };
      expect((await send(manager.cookie, '/api/vet/updateVet', change, 'outbox-0202-vet')).statusCode).toBe(200);
      await moveToB(manager);

      for (const [url, body, key] of [
        ['/api/vet/createVet', vet, 'outbox-0201-vet'],
        ['/api/vet/updateVet', change, 'outbox-0202-vet'],
      ] as const) {
        const replay = await send(manager.cookie, url, body, key);
        expect(replay.statusCode, url).toBe(404);
        expect(replay.headers['idempotent-replayed']).toBeUndefined();
        expect(replay.body).not.toContain('KVC-5550');
      }
      const fresh = await send(manager.cookie, '/api/vet/updateVet', change, 'outbox-0203-fresh');
      const freshRead = await send(manager.cookie, '/api/vet/getVetById', { id });
      expect(fresh.statusCode).toBe(404);
      expect((await send(manager.cookie, '/api/vet/updateVet', change, 'outbox-0202-vet')).body).toBe(fresh.body);
      expect((await send(manager.cookie, '/api/vet/createVet', vet, 'outbox-0201-vet')).body).toBe(freshRead.body);
    });

    it('answers a Manager demoted to Worker replaying a vet or user save with 403, as a fresh request', async () => {
      const manager = await workerIn(ctx.world.a.id, 'Manager');
      const created = await send(manager.cookie, '/api/vet/createVet', vet, 'outbox-0204-vet');
      expect(created.statusCode, created.body).toBe(200);
      const worker = ctx.world.inA.Worker;
      const rename = { id: worker.id, name: 'Field worker A' };
      expect((await send(manager.cookie, '/api/user/updateUser', rename, 'outbox-0205-user')).statusCode).toBe(200);
      await giveRole(manager, 'Worker');

      for (const [url, body, key] of [
        ['/api/vet/createVet', vet, 'outbox-0204-vet'],
        ['/api/user/updateUser', rename, 'outbox-0205-user'],
      ] as const) {
        const replay = await send(manager.cookie, url, body, key);
        const fresh = await send(manager.cookie, url, body, `${key}-fresh`);
        expect(fresh.statusCode, url).toBe(403);
        expect(replay.statusCode, url).toBe(403);
        expect(replay.body).toBe(fresh.body);
        expect(replay.body).not.toContain('KVC-55501');
      }
    });

    it("answers a Founder made Manager replaying a change to another Manager with the service's refusal, 403", async () => {
      const founder = await workerIn(ctx.world.a.id, 'Founder');
      const other = await workerIn(ctx.world.a.id, 'Manager');
      const rename = { id: other.id, contact: '9845067890' };
      const first = await send(founder.cookie, '/api/user/updateUser', rename, 'outbox-0206-user');
      expect(first.statusCode, first.body).toBe(200);
      await giveRole(founder, 'Manager');

      const replay = await send(founder.cookie, '/api/user/updateUser', rename, 'outbox-0206-user');
      const fresh = await send(founder.cookie, '/api/user/updateUser', rename, 'outbox-0207-fresh');
      expect(fresh.statusCode).toBe(403);
      expect(replay.statusCode).toBe(403);
      expect(replay.body).toBe(fresh.body);
      expect(replay.body).not.toContain('9845067890');
    });

    it('answers a deactivated Founder replaying a sponsor save with 401, their session gone', async () => {
      const founder = await workerIn(ctx.world.a.id, 'Founder');
      const sponsor = { name: 'Green Paws Trust', type: 'Sterilization', amount: 50000, startDate: '2026-01-01', endDate: '2026-12-31' };
      const first = await send(founder.cookie, '/api/sponsor/createSponsor', sponsor, 'outbox-0208-sponsor');
      expect(first.statusCode, first.body).toBe(200);
      expect((await ctx.world.admin.post('/api/user/deleteUser', { id: founder.id })).statusCode).toBe(200);

      const replay = await send(founder.cookie, '/api/sponsor/createSponsor', sponsor, 'outbox-0208-sponsor');
      expect(replay.statusCode).toBe(401);
      expect(replay.body).not.toContain('Green Paws');
    });

    it('answers a Founder moved to another NGO replaying their NGO change with not found', async () => {
      const founder = await workerIn(ctx.world.a.id, 'Founder');
      const change = { ngoId: ctx.world.a.id, mission: 'Street dogs of Mysuru' };
      expect((await send(founder.cookie, '/api/ngo/updateNgo', change, 'outbox-0209-ngo')).statusCode).toBe(200);
      await moveToB(founder);
      const replay = await send(founder.cookie, '/api/ngo/updateNgo', change, 'outbox-0209-ngo');
      const fresh = await send(founder.cookie, '/api/ngo/updateNgo', change, 'outbox-0210-fresh');
      expect(fresh.statusCode).toBe(404);
      expect(replay.statusCode).toBe(404);
      expect(replay.body).toBe(fresh.body);
    });

    it('still replays the stored answer to a user whose access is unchanged', async () => {
      const manager = ctx.world.inA.Manager;
      for (const [url, body, key] of [
        ['/api/vet/createVet', { name: 'Dr Ravi Menon', regId: 'KVC-55510' }, 'outbox-0211-vet'],
        ['/api/reporter/createReporter', { name: 'Meena Das', contact: '9845011111' }, 'outbox-0212-reporter'],
        ['/api/user/updateUser', { id: ctx.world.inA.Worker.id, contact: '9845022222' }, 'outbox-0213-user'],
      ] as const) {
        const first = await send(manager.cookie, url, body, key);
        expect(first.statusCode, first.body).toBe(200);
        const replay = await send(manager.cookie, url, body, key);
        expect(replay.statusCode, url).toBe(200);
        expect(replay.headers['idempotent-replayed']).toBe('true');
        expect(replay.body).toBe(first.body);
      }
    });
  });
});
