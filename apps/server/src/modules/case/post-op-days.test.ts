import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld } from '../../../test/api';
import { newCase, ok, refused, snapshot, upload } from '../../../test/cases';
import { createUser } from '../../../test/factories';

/** The daily post-operative log (docs/product.md#abc-programme-records), on both databases. */
const ctx = useTwoNgoWorld();

const ADD = '/api/case/addPostOpDay';
const UPDATE = '/api/case/updatePostOpDay';
const DELETE = '/api/case/deletePostOpDay';

describe('daily post-operative log', () => {
  it('lets any staff member add days, and shows them on the case by day number with their authors', async () => {
    const { world } = ctx;
    const id = await newCase(world.inA.Manager);
    const photo = await upload(ctx.t, world.inA.Worker, 'PopPics');
    await ok(world.inA.Worker, ADD, { caseId: id, dayNumber: 2, logDate: '2026-11-23', woundState: 'Swollen', appetite: 'Reduced', temperature: '39.4', medication: 'Meloxicam 0.1 mg/kg', notes: 'Licking the wound', photos: [photo] });
    const saved = await ok(world.inA.Manager, ADD, { caseId: id, dayNumber: 1, woundState: 'Clean', appetite: 'Good', temperature: 38.5 });
    expect(saved.postOpDays.map((d: { dayNumber: number }) => d.dayNumber)).toEqual([1, 2]);
    expect(saved.postOpDays[1]).toEqual({
      id: expect.any(Number),
      caseId: id,
      dayNumber: 2,
      logDate: '2026-11-23',
      woundState: 'Swollen',
      appetite: 'Reduced',
      temperature: 39.4,
      medication: 'Meloxicam 0.1 mg/kg',
      notes: 'Licking the wound',
      photos: [photo],
      createdBy: world.inA.Worker.id,
      createdByName: expect.stringMatching(/^Worker /),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const read = (await world.inA.Worker.post('/api/case/getCaseById', { id })).json().data;
    expect(read.postOpDays).toEqual(saved.postOpDays);
  });

  it('keeps one entry per day of a case, and checks each field', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    const day = (await ok(worker, ADD, { caseId: id, dayNumber: 1 })).postOpDays[0];
    const before = await snapshot(ctx, id);
    await refused(worker, ADD, { caseId: id, dayNumber: '1', woundState: 'Clean' }, 409, "Day 1 is already in this case's post-operative log.");
    const cases: Array<[object, string]> = [
      [{ dayNumber: 0 }, 'Day Number must be at least 1'],
      [{ dayNumber: 1.5 }, 'Day Number must be a whole number'],
      [{}, 'Day Number must be a number'],
      [{ dayNumber: 3, temperature: 46 }, 'Temperature (°C) must be at most 45'],
      [{ dayNumber: 3, temperature: 29.9 }, 'Temperature (°C) must be at least 30'],
      [{ dayNumber: 3, temperature: 38.55 }, 'Temperature (°C) can have at most one decimal place'],
      [{ dayNumber: 3, woundState: 'Bleeding' }, 'Wound must be one of Clean, Swollen, Discharge, Open, Infected'],
      [{ dayNumber: 3, appetite: 'Hungry' }, 'Appetite must be one of Good, Reduced, None'],
      [{ dayNumber: 3, logDate: '23/11/2026' }, 'Date must be a date (YYYY-MM-DD)'],
    ];
    for (const [body, message] of cases) await refused(worker, ADD, { caseId: id, ...body }, 422, message);
    expect(await snapshot(ctx, id)).toBe(before);
    // Another case may have its own day 1; a day moved onto a taken number is refused.
    await ok(worker, ADD, { caseId: await newCase(worker), dayNumber: 1 });
    await ok(worker, ADD, { caseId: id, dayNumber: 2 });
    await refused(worker, UPDATE, { id: day.id, dayNumber: 2 }, 409, "Day 2 is already in this case's post-operative log.");
    const moved = await ok(worker, UPDATE, { id: day.id, dayNumber: 3, temperature: '38' });
    expect(moved.postOpDays.map((d: { dayNumber: number; temperature: number | null }) => [d.dayNumber, d.temperature])).toEqual([[2, null], [3, 38]]);
  });

  it('lets the author or a Manager and above change or delete an entry, and nobody else', async () => {
    const { world } = ctx;
    const id = await newCase(world.inA.Worker);
    const entry = (await ok(world.inA.Worker, ADD, { caseId: id, dayNumber: 1, notes: 'Ate well' })).postOpDays[0];
    const { user: colleague, password } = await createUser(ctx.t.database.db, { role: 'Worker', ngoId: world.a.id });
    const cookie = await ctx.t.login(colleague.username, password);
    const other = (url: string, payload: object) => ctx.t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
    const message = 'Only the person who wrote this entry, or a Manager, Founder or Admin, can change or delete it.';
    for (const [url, body] of [[UPDATE, { id: entry.id, notes: 'Changed' }], [DELETE, { id: entry.id }]] as const) {
      const response = await other(url, body);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(message);
    }
    expect((await ok(world.inA.Worker, UPDATE, { id: entry.id, notes: 'Ate well, walked' })).postOpDays[0].notes).toBe('Ate well, walked');
    expect((await ok(world.inA.Manager, UPDATE, { id: entry.id, woundState: 'Clean', notes: null })).postOpDays[0]).toMatchObject({ woundState: 'Clean', notes: null, createdBy: world.inA.Worker.id });
    expect((await ok(world.inA.Manager, DELETE, { id: entry.id })).postOpDays).toEqual([]);
    await refused(world.inA.Manager, DELETE, { id: entry.id }, 404, 'Post-operative log entry not found.');
    const own = (await ok(world.inA.Worker, ADD, { caseId: id, dayNumber: 1 })).postOpDays[0];
    expect((await ok(world.inA.Worker, DELETE, { id: own.id })).postOpDays).toEqual([]);
  });

  it("keeps another NGO away from a case's log: no add, change, delete or read", async () => {
    const { world } = ctx;
    const id = await newCase(world.inA.Worker);
    const entry = (await ok(world.inA.Worker, ADD, { caseId: id, dayNumber: 1, notes: 'Private to A' })).postOpDays[0];
    const before = await snapshot(ctx, id);
    for (const caller of [world.inB.Founder, world.inB.Manager, world.inB.Worker]) {
      await refused(caller, ADD, { caseId: id, dayNumber: 2 }, 404, 'Case not found.');
      await refused(caller, UPDATE, { id: entry.id, notes: 'Taken over' }, 404, 'Post-operative log entry not found.');
      await refused(caller, DELETE, { id: entry.id }, 404, 'Post-operative log entry not found.');
      const read = await caller.post('/api/case/getCaseById', { id });
      expect(read.statusCode).toBe(404);
      expect(read.body).not.toContain('Private to A');
    }
    expect(await snapshot(ctx, id)).toBe(before);
    // An Admin reaches every NGO's log.
    expect((await ok(world.admin, UPDATE, { id: entry.id, appetite: 'Good' })).postOpDays[0].appetite).toBe('Good');
  });

  it('takes photos of the same NGO only, and loses a photo deleted from the store', async () => {
    const { world } = ctx;
    const id = await newCase(world.inA.Worker);
    const own = await upload(ctx.t, world.inA.Worker, 'PopPics');
    const kept = await upload(ctx.t, world.inA.Worker, 'PopPics');
    const foreign = await upload(ctx.t, world.inB.Worker, 'PopPics');
    await refused(world.inA.Worker, ADD, { caseId: id, dayNumber: 1, photos: [foreign] }, 422, 'Photos refers to an image that was not uploaded for this NGO');
    const entry = (await ok(world.inA.Worker, ADD, { caseId: id, dayNumber: 1, photos: [own, kept] })).postOpDays[0];
    await refused(world.inA.Worker, UPDATE, { id: entry.id, photos: [foreign] }, 422, 'Photos refers to an image that was not uploaded for this NGO');
    await ok(world.inA.Worker, '/api/image/deleteImage', { image: own });
    const read = (await world.inA.Worker.post('/api/case/getCaseById', { id })).json().data;
    expect(read.postOpDays[0].photos).toEqual([kept]);
    const timeline = (await world.inA.Founder.post('/api/case/getCaseTimeline', { caseId: id })).json().data;
    expect(timeline[0]).toMatchObject({ action: 'deleteImage', fields: ['postOpDays.1.photos'], changes: [{ field: 'postOpDays.1.photos', from: [own, kept], to: [kept] }] });
  });

  it('hides the log of a deleted case', async () => {
    const { world } = ctx;
    const id = await newCase(world.inA.Worker);
    const entry = (await ok(world.inA.Worker, ADD, { caseId: id, dayNumber: 1 })).postOpDays[0];
    await ok(world.inA.Manager, '/api/case/deleteCase', { caseId: id });
    await refused(world.inA.Manager, UPDATE, { id: entry.id, notes: 'x' }, 404, 'Post-operative log entry not found.');
    await refused(world.inA.Manager, ADD, { caseId: id, dayNumber: 2 }, 404, 'Case not found.');
    const restored = await ok(world.inA.Founder, '/api/case/restoreCase', { caseId: id });
    expect(restored.postOpDays).toHaveLength(1);
  });
});
