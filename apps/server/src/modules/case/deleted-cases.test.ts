import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld, type Caller } from '../../../test/api';
import { REPORTING, newCase, ok } from '../../../test/cases';

const ctx = useTwoNgoWorld();
const DELETED = '/api/case/getDeletedCases';

type Listed = { id: number; deletedBy: string | null; deletedAt: string; ngoName: string | null };

/** A case with its reporter step saved, so the lists have something to tell it apart by. */
async function reportedCase(caller: Caller, reporterName: string, extra: object = {}): Promise<number> {
  const id = await newCase(caller, { type: 'OPD', ...extra });
  await ok(caller, '/api/case/updateReportingDetail', { caseId: id, ...REPORTING, reporterName });
  return id;
}

async function deletedIds(caller: Caller, body: object = {}): Promise<number[]> {
  const response = await caller.post(DELETED, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((c: Listed) => c.id);
}

describe('case/getDeletedCases', () => {
  it('lists the deleted cases with who deleted each and when, and what tells them apart', async () => {
    const { inA } = ctx.world;
    const kept = await reportedCase(inA.Worker, 'Kept Kumar');
    const gone = await reportedCase(inA.Worker, 'Gone Gowda');
    await ok(inA.Worker, '/api/case/updateAnimalDetail', { caseId: gone, uniqueID: 'BLR-7' });
    await ok(inA.Manager, '/api/case/deleteCase', { caseId: gone });

    const response = await inA.Founder.post(DELETED, {});
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta).toEqual({ total: 1, page: 1, pageSize: 20 });
    expect(body.data).toEqual([
      {
        id: gone,
        ngoId: ctx.world.a.id,
        ngoName: 'Green Paws Trust',
        type: 'OPD',
        status: 'Reported',
        reporterName: 'Gone Gowda',
        location: REPORTING.location,
        uniqueID: 'BLR-7',
        reportedDate: REPORTING.reportedDate,
        createdAt: expect.any(String),
        deletedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        deletedBy: expect.any(String),
      },
    ]);
    const manager = await ctx.t.database.db.selectFrom('users').select('name').where('id', '=', inA.Manager.id).executeTakeFirstOrThrow();
    expect(body.data[0].deletedBy).toBe(manager.name);
    expect(await deletedIds(inA.Founder)).not.toContain(kept);
  });

  it('puts the latest deletion first, whatever the case numbers', async () => {
    const { inA } = ctx.world;
    const ids = [await newCase(inA.Worker), await newCase(inA.Worker), await newCase(inA.Worker)];
    for (const id of ids) await ok(inA.Founder, '/api/case/deleteCase', { caseId: id });
    // Deleted in the order second, third, first.
    const at = ['2026-11-23T10:00:03.000Z', '2026-11-23T10:00:01.000Z', '2026-11-23T10:00:02.000Z'];
    for (const [n, id] of ids.entries()) {
      await ctx.t.database.db.updateTable('cases').set({ deleted_at: at[n] }).where('id', '=', id).execute();
    }
    expect(await deletedIds(inA.Founder)).toEqual([ids[0], ids[2], ids[1]]);
  });

  it('answers a page at a time, with the total of all deleted cases', async () => {
    const { inA } = ctx.world;
    const ids: number[] = [];
    for (let n = 0; n < 5; n += 1) {
      const id = await newCase(inA.Worker);
      await ok(inA.Founder, '/api/case/deleteCase', { caseId: id });
      await ctx.t.database.db.updateTable('cases').set({ deleted_at: `2026-11-23T10:00:0${n}.000Z` }).where('id', '=', id).execute();
      ids.push(id);
    }
    const newestFirst = [...ids].reverse();
    const page2 = (await inA.Founder.post(DELETED, { page: 2, pageSize: 2 })).json();
    expect(page2.meta).toEqual({ total: 5, page: 2, pageSize: 2 });
    expect(page2.data.map((c: Listed) => c.id)).toEqual(newestFirst.slice(2, 4));
    expect(await deletedIds(inA.Founder, { page: 3, pageSize: 2 })).toEqual(newestFirst.slice(4));
    expect(await deletedIds(inA.Founder, { page: 4, pageSize: 2 })).toEqual([]);
    expect((await inA.Founder.post(DELETED, { pageSize: 101 })).statusCode).toBe(422);
    expect((await inA.Founder.post(DELETED, { page: 0 })).statusCode).toBe(422);
  });

  it("keeps each NGO to its own deleted cases, and lets an Admin see every NGO's or one NGO's", async () => {
    const { inA, inB, admin, a, b } = ctx.world;
    const inNgoA = await newCase(inA.Worker);
    const inNgoB = await newCase(inB.Worker);
    await ok(inA.Founder, '/api/case/deleteCase', { caseId: inNgoA });
    await ok(inB.Manager, '/api/case/deleteCase', { caseId: inNgoB });

    expect(await deletedIds(inA.Founder)).toEqual([inNgoA]);
    expect(await deletedIds(inB.Founder)).toEqual([inNgoB]);
    expect((await deletedIds(admin)).sort()).toEqual([inNgoA, inNgoB].sort());
    expect(await deletedIds(admin, { ngoId: b.id })).toEqual([inNgoB]);
    const listed = (await admin.post(DELETED, { ngoId: a.id })).json().data as Listed[];
    expect(listed.map((c) => [c.id, c.ngoName])).toEqual([[inNgoA, 'Green Paws Trust']]);
    // Another NGO named by a non-Admin is not found, as everywhere.
    expect((await inA.Founder.post(DELETED, { ngoId: b.id })).statusCode).toBe(404);
    // And another NGO's deleted case cannot be restored by its number.
    expect((await inA.Founder.post('/api/case/restoreCase', { caseId: inNgoB })).statusCode).toBe(404);
  });

  it('lets only the roles that may restore (Admin and Founder) list deleted cases', async () => {
    const { inA, admin } = ctx.world;
    expect((await inA.Manager.post(DELETED, {})).statusCode).toBe(403);
    expect((await inA.Worker.post(DELETED, {})).statusCode).toBe(403);
    expect((await inA.Founder.post(DELETED, {})).statusCode).toBe(200);
    expect((await admin.post(DELETED, {})).statusCode).toBe(200);
    expect((await ctx.t.app.inject({ method: 'POST', url: DELETED, payload: {} })).statusCode).toBe(401);
  });

  it('drops a restored case from the list, and the dashboard shows it again', async () => {
    const { inA } = ctx.world;
    const id = await reportedCase(inA.Worker, 'Back Again');
    await ok(inA.Founder, '/api/case/deleteCase', { caseId: id });
    expect(await deletedIds(inA.Founder)).toEqual([id]);
    const dashboard = async () => (await inA.Worker.post('/api/case/getCaseByType', {})).json().data.map((c: { id: number }) => c.id);
    expect(await dashboard()).toEqual([]);
    await ok(inA.Founder, '/api/case/restoreCase', { caseId: id });
    expect(await deletedIds(inA.Founder)).toEqual([]);
    expect(await dashboard()).toEqual([id]);
  });
});

describe('case/getCaseByType list items', () => {
  it("carries each case's reported date and its NGO's name, for an Admin across NGOs too", async () => {
    const { inA, inB, admin } = ctx.world;
    const reported = await reportedCase(inA.Worker, 'Dated Das');
    const bare = await newCase(inB.Worker);
    const mine = (await inA.Worker.post('/api/case/getCaseByType', {})).json().data;
    expect(mine).toEqual([expect.objectContaining({ id: reported, reportedDate: REPORTING.reportedDate, ngoName: 'Green Paws Trust', reporterName: 'Dated Das' })]);
    const all = (await admin.post('/api/case/getCaseByType', {})).json().data as Array<{ id: number; reportedDate: string | null; ngoName: string | null }>;
    expect(all.map((c) => [c.id, c.reportedDate, c.ngoName])).toEqual([
      [bare, null, 'Blue Cross Unit'],
      [reported, REPORTING.reportedDate, 'Green Paws Trust'],
    ]);
  });

  it('never answers a kept page after the reported date or the NGO name changes', async () => {
    const { inA, admin, a } = ctx.world;
    const id = await reportedCase(inA.Worker, 'Cached Chandra');
    const first = async (caller: Caller) => (await caller.post('/api/case/getCaseByType', {})).json().data[0];
    expect((await first(inA.Worker)).reportedDate).toBe(REPORTING.reportedDate);
    expect((await first(admin)).ngoName).toBe('Green Paws Trust');

    await ok(inA.Worker, '/api/case/updateReportingDetail', { caseId: id, reportedDate: '2026-11-22' });
    expect((await first(inA.Worker)).reportedDate).toBe('2026-11-22');

    await ok(inA.Founder, '/api/ngo/updateNgo', { ngoId: a.id, name: 'Green Paws Foundation' });
    expect((await first(inA.Worker)).ngoName).toBe('Green Paws Foundation');
    expect((await first(admin)).ngoName).toBe('Green Paws Foundation');
  });
});
