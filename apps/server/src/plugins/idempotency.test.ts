import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld, type Caller } from '../../test/api';
import { jpegPhoto } from '../../test/images';
import { multipartBody } from '../../test/multipart';

const ctx = useTwoNgoWorld();

function send(caller: Caller, url: string, payload: object, key?: string) {
  return ctx.t.app.inject({ method: 'POST', url, payload, headers: { cookie: caller.cookie, ...(key ? { 'idempotency-key': key } : {}) } });
}

async function auditCount(action: string): Promise<number> {
  const rows = await ctx.t.database.db.selectFrom('audit_log').select('id').where('action', '=', action).execute();
  return rows.length;
}

describe('Idempotency-Key (docs/decisions/011)', () => {
  it('applies a replayed step save once and answers the replay with the first answer', async () => {
    const worker = ctx.world.inA.Worker;
    const caseId = (await worker.post('/api/case/createCase', { type: 'OPD' })).json().data.id;
    const body = { caseId, animalColor: 'Brown', animalMarking: 'White patch' };
    const first = await send(worker, '/api/case/updateAnimalDetail', body, 'outbox-0001-step');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Someone else changes the field in between; the replay must not put the old value back.
    await worker.post('/api/case/updateAnimalDetail', { caseId, animalColor: 'Black' });
    const replay = await send(worker, '/api/case/updateAnimalDetail', body, 'outbox-0001-step');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    const now = (await worker.post('/api/case/getCaseById', { id: caseId })).json().data.animalDetail;
    expect(now.animalColor).toBe('Black');
    expect(await auditCount('updateAnimalDetail')).toBe(2);
  });

  it('creates one record for a create sent three times at once with one key', async () => {
    const worker = ctx.world.inA.Worker;
    const payload = { name: 'Asha Rao', contact: '9845012345' };
    const answers = await Promise.all([1, 2, 3].map(() => send(worker, '/api/reporter/createReporter', payload, 'outbox-0002-create')));
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const other of answers.filter((a) => a.statusCode !== 200)) {
      expect(other.statusCode).toBe(409);
      // The losing copy changed nothing: the outbox sends the key again later for the answer.
      expect(other.headers['idempotent-in-progress']).toBe('true');
    }
    const list = await worker.post('/api/reporter/getReporters', { search: 'asha' });
    expect(list.json().meta.total).toBe(1);
    const later = await send(worker, '/api/reporter/createReporter', payload, 'outbox-0002-create');
    expect(later.statusCode).toBe(200);
    expect(later.json().data.id).toBe(list.json().data[0].id);
  });

  it('keeps keys apart per user and refuses one key reused for another call', async () => {
    const a = ctx.world.inA.Worker;
    const b = ctx.world.inB.Worker;
    const mine = await send(a, '/api/reporter/createReporter', { name: 'One', contact: '9845012345' }, 'outbox-0003-same');
    const theirs = await send(b, '/api/reporter/createReporter', { name: 'Two', contact: '9845012346' }, 'outbox-0003-same');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
    const reusedForWrite = await send(ctx.world.inA.Manager, '/api/vet/createVet', { name: 'Dr. X', regId: 'R-1' }, 'outbox-0004-mgr');
    expect(reusedForWrite.statusCode).toBe(200);
    const wrongRoute = await send(ctx.world.inA.Manager, '/api/reporter/createReporter', { name: 'Three', contact: '9845012347' }, 'outbox-0004-mgr');
    expect(wrongRoute.statusCode).toBe(422);
    expect((await ctx.world.inA.Manager.post('/api/reporter/getReporters', { search: 'three' })).json().meta.total).toBe(0);
  });

  it('does not record a refused write, so the corrected retry with the same key is applied', async () => {
    const worker = ctx.world.inA.Worker;
    const refused = await send(worker, '/api/reporter/createReporter', { name: 'No Phone' }, 'outbox-0005-fix');
    expect(refused.statusCode).toBe(422);
    const fixed = await send(worker, '/api/reporter/createReporter', { name: 'No Phone', contact: '9845012345' }, 'outbox-0005-fix');
    expect(fixed.statusCode, fixed.body).toBe(200);
  });

  it('marks the 409 of a key still being saved as in progress, and not a 409 refusing the write itself', async () => {
    const worker = ctx.world.inA.Worker;
    const caseId = (await worker.post('/api/case/createCase', { type: 'OPD' })).json().data.id;
    const first = await send(worker, '/api/case/addPostOpDay', { caseId, dayNumber: 3 }, 'outbox-0007-day');
    expect(first.statusCode, first.body).toBe(200);
    // As if the first copy were still running: its key recorded a moment ago, no answer yet.
    await ctx.t.database.db.updateTable('idempotency_keys').set({ status_code: null, response: null, created_at: new Date().toISOString() }).where('key', '=', 'outbox-0007-day').execute();
    const inFlight = await send(worker, '/api/case/addPostOpDay', { caseId, dayNumber: 3 }, 'outbox-0007-day');
    expect(inFlight.statusCode).toBe(409);
    expect(inFlight.json().message).toBe('This change is still being saved. Please try again in a moment.');
    expect(inFlight.headers['idempotent-in-progress']).toBe('true');

    const taken = await send(worker, '/api/case/addPostOpDay', { caseId, dayNumber: 3 }, 'outbox-0008-day');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/Day 3/);
    expect(taken.headers['idempotent-in-progress']).toBeUndefined();
  });

  it('records nothing for a write refused inside its transaction, so the same key then applies the corrected one once', async () => {
    const worker = ctx.world.inA.Worker;
    const caseId = (await worker.post('/api/case/createCase', { type: 'OPD' })).json().data.id;
    expect((await worker.post('/api/case/addPostOpDay', { caseId, dayNumber: 2 })).statusCode).toBe(200);
    // Refused by the service's check once the key's claim is written in the same transaction.
    const taken = await send(worker, '/api/case/addPostOpDay', { caseId, dayNumber: 2 }, 'outbox-0009-day');
    expect(taken.statusCode).toBe(409);
    expect(taken.headers['idempotent-in-progress']).toBeUndefined();
    const recorded = () => ctx.t.database.db.selectFrom('idempotency_keys').select(['status_code']).where('key', '=', 'outbox-0009-day').execute();
    expect(await recorded()).toEqual([]);
    const fixed = await send(worker, '/api/case/addPostOpDay', { caseId, dayNumber: 4 }, 'outbox-0009-day');
    expect(fixed.statusCode, fixed.body).toBe(200);
    const replay = await send(worker, '/api/case/addPostOpDay', { caseId, dayNumber: 4 }, 'outbox-0009-day');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(fixed.body);
    expect(await recorded()).toEqual([{ status_code: 200 }]);
    const days = await ctx.t.database.db.selectFrom('audit_log').select('id').where('action', '=', 'addPostOpDay').where('entity_id', '=', String(caseId)).execute();
    expect(days).toHaveLength(2);
  });

  it('applies a step save sent three times at once with one key once, and answers every copy with its answer or a retry', async () => {
    const worker = ctx.world.inA.Worker;
    const caseId = (await worker.post('/api/case/createCase', { type: 'OPD' })).json().data.id;
    const body = { caseId, animalColor: 'Brown', animalWeight: 12 };
    const answers = await Promise.all([1, 2, 3].map(() => send(worker, '/api/case/updateAnimalDetail', body, 'outbox-0010-step')));
    const applied = answers.filter((a) => a.statusCode === 200 && a.headers['idempotent-replayed'] === undefined);
    expect(applied).toHaveLength(1);
    for (const other of answers.filter((a) => a !== applied[0])) {
      if (other.statusCode === 200) {
        expect(other.headers['idempotent-replayed']).toBe('true');
        expect(other.body).toBe(applied[0]!.body);
      } else {
        expect(other.statusCode).toBe(409);
        expect(other.headers['idempotent-in-progress']).toBe('true');
      }
    }
    const later = await send(worker, '/api/case/updateAnimalDetail', body, 'outbox-0010-step');
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(later.body).toBe(applied[0]!.body);
    const entries = await ctx.t.database.db.selectFrom('audit_log').select('id').where('action', '=', 'updateAnimalDetail').where('entity_id', '=', String(caseId)).execute();
    expect(entries).toHaveLength(1);
  });

  it('answers a step save whose key was kept without an answer as a look-up would, and one used for another call with 422', async () => {
    const worker = ctx.world.inA.Worker;
    const caseId = (await worker.post('/api/case/createCase', { type: 'OPD' })).json().data.id;
    const body = { caseId, animalColor: 'Black' };
    expect((await send(worker, '/api/case/updateAnimalDetail', body, 'outbox-0011-step')).statusCode).toBe(200);
    const keys = ctx.t.database.db.updateTable('idempotency_keys').where('key', '=', 'outbox-0011-step');
    // Its first copy maybe still running: try again later.
    await keys.set({ status_code: null, response: null, created_at: new Date().toISOString() }).execute();
    const inFlight = await send(worker, '/api/case/updateAnimalDetail', body, 'outbox-0011-step');
    expect(inFlight.statusCode).toBe(409);
    expect(inFlight.json().message).toBe('This change is still being saved. Please try again in a moment.');
    expect(inFlight.headers['idempotent-in-progress']).toBe('true');
    // Applied long ago, but the server stopped before keeping the answer.
    await keys.set({ created_at: new Date(Date.now() - 2 * 60_000).toISOString() }).execute();
    const lost = await send(worker, '/api/case/updateAnimalDetail', body, 'outbox-0011-step');
    expect(lost.statusCode).toBe(200);
    expect(lost.headers['idempotent-replayed']).toBe('true');
    expect(lost.headers['idempotent-in-progress']).toBeUndefined();
    expect(lost.json()).toEqual({ data: null });
    const reused = await send(worker, '/api/case/updateMedicalDetail', { caseId, otherDetails: 'Eating well' }, 'outbox-0011-step');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe('This Idempotency-Key was already used for a different request.');
    expect(reused.headers['idempotent-in-progress']).toBeUndefined();
    const now = (await worker.post('/api/case/getCaseById', { id: caseId })).json().data;
    expect(now.medicalDetail.otherDetails).toBeNull();
    const entries = await ctx.t.database.db.selectFrom('audit_log').select('action').where('entity_id', '=', String(caseId)).where('action', '!=', 'create').execute();
    expect(entries).toEqual([{ action: 'updateAnimalDetail' }]);
  });

  it('refuses a malformed key', async () => {
    const response = await send(ctx.world.inA.Worker, '/api/reporter/createReporter', { name: 'X', contact: '9845012345' }, 'bad key!');
    expect(response.statusCode).toBe(400);
  });

  it('stores one photo for an upload replayed with one key, and answers the same file name', async () => {
    const worker = ctx.world.inA.Worker;
    const { payload, headers } = multipartBody({ fieldName: 'AnimalPictures' }, [{ filename: 'a.jpg', contentType: 'image/jpeg', data: await jpegPhoto() }]);
    const upload = () => ctx.t.app.inject({ method: 'POST', url: '/api/image/createImage', payload, headers: { ...headers, cookie: worker.cookie, 'idempotency-key': 'outbox-0006-photo' } });
    const first = await upload();
    expect(first.statusCode, first.body).toBe(200);
    const again = await upload();
    expect(again.json().data).toBe(first.json().data);
    const rows = await ctx.t.database.db.selectFrom('images').select('file_name').execute();
    expect(rows.map((r) => r.file_name)).toEqual([first.json().data]);
  });
});
