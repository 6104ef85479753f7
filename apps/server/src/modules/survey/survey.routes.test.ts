import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld, type Caller } from '../../../test/api';
import { ok, refused } from '../../../test/cases';
import { insertCase } from '../../../test/report-cases';

const ctx = useTwoNgoWorld();

const uid = () => randomUUID();
const RELEASED = { operation_date: '2026-10-01', release_date: '2026-10-04' };

async function addWard(caller: Caller, body: object = { name: 'Gandhi Bazaar', pincode: '560004' }) {
  return ok(caller, '/api/ward/createWard', body) as Promise<{ id: number; name: string }>;
}

/** A sighting's body; each one is a new dog unless the uid is given. */
function sighting(surveyUid: string, notched: boolean, extra: object = {}) {
  return { surveyUid, uid: uid(), notched, vaccinated: false, latitude: 12.95, longitude: 77.57, accuracyM: 8, seenAt: '2026-11-20T07:30:00+05:30', ...extra };
}

/** Posts with an Idempotency-Key, as the outbox does. */
function postWithKey(caller: Caller, url: string, payload: object, key: string) {
  return ctx.t.app.inject({ method: 'POST', url, payload, headers: { cookie: caller.cookie, 'idempotency-key': key } });
}

describe('wards', () => {
  it('lets a Manager add and rename a ward, refuses a Worker, and refuses a name the NGO already has', async () => {
    const { inA } = ctx.world;
    const ward = await addWard(inA.Manager);
    expect(ward).toMatchObject({ name: 'Gandhi Bazaar', pincode: '560004', ngoId: ctx.world.a.id });
    expect((await inA.Worker.post('/api/ward/createWard', { name: 'Jayanagar' })).statusCode).toBe(403);
    await refused(inA.Founder, '/api/ward/createWard', { name: 'gandhi bazaar' }, 409, 'This NGO already has a ward named gandhi bazaar.');
    expect(await ok(inA.Founder, '/api/ward/updateWard', { id: ward.id, name: 'Gandhi Bazaar East', pincode: null })).toMatchObject({ name: 'Gandhi Bazaar East', pincode: null });
    const list = await inA.Worker.post('/api/ward/getWards', { search: 'east' });
    expect(list.json().data.map((w: { id: number }) => w.id)).toEqual([ward.id]);
  });

  it('refuses a pincode that is not 6 digits and an empty name, naming the field', async () => {
    await refused(ctx.world.inA.Manager, '/api/ward/createWard', { name: 'Jayanagar', pincode: '5600' }, 422, /Pincode must be 6 digits/);
    await refused(ctx.world.inA.Manager, '/api/ward/createWard', { name: ' ' }, 422, /Ward or locality is required/);
  });

  it("keeps another NGO's wards and surveys out of reach (404), and lists only the NGO's own", async () => {
    const { inA, inB } = ctx.world;
    const ward = await addWard(inA.Manager);
    const surveyUid = uid();
    await ok(inA.Worker, '/api/survey/startSurvey', { uid: surveyUid, wardId: ward.id, surveyDate: '2026-11-20' });
    await refused(inB.Founder, '/api/ward/getWardCoverage', { id: ward.id }, 404, 'Ward not found.');
    await refused(inB.Manager, '/api/ward/updateWard', { id: ward.id, name: 'Taken over' }, 404, 'Ward not found.');
    await refused(inB.Worker, '/api/survey/startSurvey', { uid: uid(), wardId: ward.id, surveyDate: '2026-11-20' }, 404, 'Ward not found.');
    await refused(inB.Worker, '/api/survey/addSighting', sighting(surveyUid, true), 404, 'Survey not found.');
    await refused(inB.Worker, '/api/survey/getSurvey', { uid: surveyUid }, 404, 'Survey not found.');
    expect((await inB.Worker.post('/api/ward/getWards', {})).json().data).toEqual([]);
  });
});

describe('surveys', () => {
  it("estimates the ward from the walk and the NGO's own released dogs there, by ward name or pincode", async () => {
    const { a, b, inA } = ctx.world;
    const db = ctx.t.database.db;
    const ward = await addWard(inA.Manager);
    // Marked (M = 5): released by the survey's day in the ward, by name (any case, spaces) or by pincode; a dog, or no species recorded.
    await insertCase(db, a.id, { ...RELEASED, ward_zone: 'Gandhi Bazaar' });
    await insertCase(db, a.id, { ...RELEASED, ward_zone: '  gandhi bazaar ' });
    await insertCase(db, a.id, { ...RELEASED, ward_zone: 'Gandhi Bazaar', ear_notch: 'Left' });
    await insertCase(db, a.id, { ...RELEASED, pincode: '560004' });
    await insertCase(db, a.id, { ...RELEASED, ward_zone: 'Gandhi Bazaar', animal_species: null });
    // Not marked: released after the survey, surgery cancelled, deleted, dead before it, a cat, another ward, another NGO.
    await insertCase(db, a.id, { operation_date: '2026-11-25', release_date: '2026-11-28', ward_zone: 'Gandhi Bazaar' });
    await insertCase(db, a.id, { ...RELEASED, surgery_cancelled: 'Yes', ward_zone: 'Gandhi Bazaar' });
    await insertCase(db, a.id, { ...RELEASED, deleted_at: '2026-10-05T00:00:00Z', ward_zone: 'Gandhi Bazaar' });
    await insertCase(db, a.id, { ...RELEASED, death_date: '2026-10-10', ward_zone: 'Gandhi Bazaar' });
    await insertCase(db, a.id, { ...RELEASED, ward_zone: 'Gandhi Bazaar', animal_species: 'Cat' });
    await insertCase(db, a.id, { ...RELEASED, ward_zone: 'Basavanagudi' });
    await insertCase(db, b.id, { ...RELEASED, ward_zone: 'Gandhi Bazaar', pincode: '560004' });

    const surveyUid = uid();
    const started = await ok(inA.Worker, '/api/survey/startSurvey', { uid: surveyUid, wardId: ward.id, surveyDate: '2026-11-20', routeNote: 'DVG Road to the market' });
    expect(started).toMatchObject({ counted: 0, routeNote: 'DVG Road to the market', sightings: [] });
    for (const notched of [true, true, false, false, false]) await ok(inA.Worker, '/api/survey/addSighting', sighting(surveyUid, notched, { vaccinated: notched }));
    const mistaken = sighting(surveyUid, false);
    await ok(inA.Worker, '/api/survey/addSighting', mistaken);
    const undone = await ok(inA.Worker, '/api/survey/removeSighting', { surveyUid, uid: mistaken.uid });
    expect(undone).toMatchObject({ counted: 5, notched: 2, vaccinated: 2 });

    const coverage = await ok(inA.Manager, '/api/ward/getWardCoverage', { id: ward.id });
    expect(coverage.surveys).toHaveLength(1);
    const { estimate } = coverage.surveys[0];
    // N = (M+1)(C+1)/(R+1) - 1 = 6 * 6 / 3 - 1 = 11.
    expect(estimate).toMatchObject({ marked: 5, counted: 5, resighted: 2, population: 11, cautions: ['fewResights'] });
    expect(estimate.shareSterilised).toBeCloseTo(5 / 11, 6);
    expect(estimate.shareVaccinated).toBeCloseTo(2 / 5, 6);
    expect(estimate.populationInterval.lower).toBeGreaterThanOrEqual(8);
  });

  it("puts the month's surveys, with the ward's estimate, under the monthly ABC report of the NGO, and only there", async () => {
    const { a, inA } = ctx.world;
    const ward = await addWard(inA.Manager);
    for (let i = 0; i < 3; i++) await insertCase(ctx.t.database.db, a.id, { ...RELEASED, ward_zone: 'Gandhi Bazaar' });
    const other = await addWard(inA.Manager, { name: 'Basavanagudi' });
    const walks = [
      { ward, date: '2026-11-20', notched: [true, false, false, true] },
      { ward: other, date: '2026-11-05', notched: [false] },
      { ward, date: '2026-10-30', notched: [true] },
    ];
    for (const walk of walks) {
      const surveyUid = uid();
      await ok(inA.Worker, '/api/survey/startSurvey', { uid: surveyUid, wardId: walk.ward.id, surveyDate: walk.date });
      for (const notched of walk.notched) await ok(inA.Worker, '/api/survey/addSighting', sighting(surveyUid, notched));
    }

    const report = await ok(inA.Founder, '/api/report/getAbcReport', { month: '2026-11' });
    // Oldest first; October's walk is not in November's report.
    expect(report.surveys.map((s: { wardName: string; surveyDate: string }) => [s.wardName, s.surveyDate])).toEqual([
      ['Basavanagudi', '2026-11-05'],
      ['Gandhi Bazaar', '2026-11-20'],
    ]);
    const coverage = await ok(inA.Manager, '/api/ward/getWardCoverage', { id: ward.id });
    const november = coverage.surveys.find((s: { surveyDate: string }) => s.surveyDate === '2026-11-20');
    expect(report.surveys[1]).toEqual({ ...november, wardName: 'Gandhi Bazaar' });
    expect(report.surveys[1].estimate).toMatchObject({ marked: 3, counted: 4, resighted: 2 });

    const oneWard = await ok(inA.Founder, '/api/report/getAbcReport', { month: '2026-11', ward: ' gandhi bazaar ' });
    expect(oneWard.surveys.map((s: { wardName: string }) => s.wardName)).toEqual(['Gandhi Bazaar']);
    // An Admin's report across every NGO has rows by NGO and no surveys.
    expect((await ok(ctx.world.admin, '/api/report/getAbcReport', { month: '2026-11' })).surveys).toEqual([]);
    expect((await ok(ctx.world.admin, '/api/report/getAbcReport', { month: '2026-11', ngoId: a.id })).surveys).toHaveLength(2);
  });

  it('applies a sighting once when the outbox sends it again, under its key or as a new request', async () => {
    const { inA } = ctx.world;
    const ward = await addWard(inA.Manager);
    const surveyUid = uid();
    const start = { uid: surveyUid, wardId: ward.id, surveyDate: '2026-11-21' };
    const startKey = `start-${uid()}`;
    expect((await postWithKey(inA.Worker, '/api/survey/startSurvey', start, startKey)).statusCode).toBe(200);
    const again = await postWithKey(inA.Worker, '/api/survey/startSurvey', start, startKey);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // Started again under another key (a second tab): the same survey.
    expect(await ok(inA.Worker, '/api/survey/startSurvey', start)).toMatchObject({ uid: surveyUid, counted: 0 });

    const dog = sighting(surveyUid, true);
    const key = `dog-${uid()}`;
    const first = await postWithKey(inA.Worker, '/api/survey/addSighting', dog, key);
    expect(first.json().data.counted).toBe(1);
    const replay = await postWithKey(inA.Worker, '/api/survey/addSighting', dog, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.counted).toBe(1);
    expect((await ok(inA.Worker, '/api/survey/addSighting', dog)).counted).toBe(1);
    // The same key with another body is refused (docs/decisions/011).
    expect((await postWithKey(inA.Worker, '/api/survey/addSighting', { ...dog, notched: false }, key)).statusCode).toBe(422);
    expect((await ok(inA.Worker, '/api/survey/getSurvey', { uid: surveyUid })).sightings).toHaveLength(1);
  });

  it('refuses a sighting without its notch, with half a point or a bad time, naming the field', async () => {
    const { inA } = ctx.world;
    const ward = await addWard(inA.Manager);
    const surveyUid = uid();
    await ok(inA.Worker, '/api/survey/startSurvey', { uid: surveyUid, wardId: ward.id, surveyDate: '2026-11-22' });
    await refused(inA.Worker, '/api/survey/addSighting', { ...sighting(surveyUid, true), notched: 'maybe' }, 422, /Ear notch must be yes or no/);
    await refused(inA.Worker, '/api/survey/addSighting', sighting(surveyUid, true, { longitude: null }), 422, /a point needs both latitude and longitude/);
    await refused(inA.Worker, '/api/survey/addSighting', sighting(surveyUid, true, { seenAt: 'yesterday' }), 422, /Time seen must be a date and time/);
    await refused(inA.Worker, '/api/survey/startSurvey', { uid: 'x', wardId: ward.id, surveyDate: '2026-11-31' }, 422, /Survey ID must be 8 to 64/);
    expect((await ok(inA.Worker, '/api/survey/getSurvey', { uid: surveyUid })).counted).toBe(0);
  });
});
