import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Caller } from '../../../test/api';
import { insertCase } from '../../../test/report-cases';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Runs on both databases. The two-NGO world is made once for the file; each test plans runs of
 * cases of its own and looks only at those.
 */
let t: TestApp;
const as = {} as Record<'managerA' | 'workerA' | 'managerB' | 'founderB', Caller>;
let ngoA: number;
let ngoB: number;

beforeAll(async () => {
  t = await createTestApp({}, { from: 'world' });
  const { a, b, inA, inB } = inject('dbTemplates').worldData;
  const caller = (account: { id: number; ngoId: number | null; cookie: string }): Caller => ({
    ...account,
    post: (url, payload = {}) => t.app.inject({ method: 'POST', url, payload, headers: { cookie: account.cookie } }),
  });
  Object.assign(as, { managerA: caller(inA.Manager), workerA: caller(inA.Worker), managerB: caller(inB.Manager), founderB: caller(inB.Founder) });
  ngoA = a.id;
  ngoB = b.id;
});
afterAll(async () => {
  await t?.close();
});

const TODAY = new Date().toISOString().slice(0, 10);
/** Central Bengaluru, and points a known distance north of it (1 m of latitude = 1/111,195 degree). */
const BASE = { latitude: 12.9716, longitude: 77.5946 };
const north = (metres: number) => ({ capture_latitude: +(BASE.latitude + metres / 111_195).toFixed(7), capture_longitude: BASE.longitude });

async function casesAt(ngoId: number, metresNorth: readonly number[], fields: object = {}): Promise<number[]> {
  const ids: number[] = [];
  for (const m of metresNorth) ids.push(await insertCase(t.database.db, ngoId, { ...north(m), location: `Lane ${m}`, pincode: '560001', ...fields }));
  return ids;
}

async function plan(caller: Caller, caseIds: number[], extra: object = {}) {
  const response = await caller.post('/api/run/createRun', { runDate: TODAY, kind: 'catching', squad: [], vehicle: 'KA-01-AB-1234', locality: 'Shivajinagar', start: { source: 'device', ...BASE }, caseIds, ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const mark = (runId: number, stopId: number, body: object = {}) => ({ runId, stopId, mark: 'pickedUp', markedDate: TODAY, markedTime: '07:30', latitude: 12.98, longitude: 77.59, accuracy: 8, ...body });

describe('choosing candidates', () => {
  const candidateIds = async (caller: Caller, body: object) => {
    const response = await caller.post('/api/run/getRunCandidates', body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.map((c: { id: number }) => c.id);
  };

  it("answers of the ids handed to the planner only the NGO's open cases with a GPS point", async () => {
    const [ok, other] = await casesAt(ngoA, [900, 950]);
    const [theirs] = await casesAt(ngoB, [900]);
    const noPoint = await insertCase(t.database.db, ngoA, {});
    const [released] = await casesAt(ngoA, [980], { status: 'Released' });
    const ids = await candidateIds(as.managerA, { ids: [ok, theirs, noPoint, released, other, 999_999] });
    expect(ids.sort((x: number, y: number) => x - y)).toEqual([ok, other].sort((x, y) => x! - y!));
    expect(await candidateIds(as.managerB, { ids: [ok, theirs] })).toEqual([theirs]);
  });

  it('answers the open cases within the circle round the van, the nearest first, and none of another NGO', async () => {
    // Mysuru, away from the other tests' Bengaluru cases.
    const van = { latitude: 12.2958, longitude: 76.6394 };
    const at = async (ngoId: number, metresNorth: number, metresEast = 0) =>
      insertCase(t.database.db, ngoId, {
        capture_latitude: +(van.latitude + metresNorth / 111_195).toFixed(7),
        capture_longitude: +(van.longitude + metresEast / (111_195 * Math.cos((van.latitude * Math.PI) / 180))).toFixed(7),
        location: `Mysuru ${metresNorth}`,
      });
    const far = await at(ngoA, 1800);
    const nearest = await at(ngoA, 300);
    const east = await at(ngoA, 0, 1200);
    const corner = await at(ngoA, 1500, 1500); // inside the bounding box, outside the 2 km circle
    const outside = await at(ngoA, 2500);
    const theirs = await at(ngoB, 100);
    const ids = await candidateIds(as.managerA, { near: { ...van, radiusKm: 2 } });
    expect(ids).toEqual([nearest, east, far]);
    expect(ids).not.toContain(corner);
    expect(ids).not.toContain(outside);
    expect(ids).not.toContain(theirs);
    const counted = await as.managerA.post('/api/run/getRunCandidates', { near: { ...van, radiusKm: 2 }, pageSize: 2, page: 2 });
    expect(counted.json()).toMatchObject({ data: [{ id: far }], meta: { total: 3 } });
  });

  it('refuses a circle too wide and more ids than a run can hold, saying which field', async () => {
    const wide = await as.managerA.post('/api/run/getRunCandidates', { near: { ...BASE, radiusKm: 500 } });
    expect(wide.statusCode).toBe(422);
    expect(wide.json().message).toContain('Distance');
    const many = await as.managerA.post('/api/run/getRunCandidates', { ids: Array.from({ length: 61 }, (_, i) => i + 1) });
    expect(many.statusCode).toBe(422);
    expect(many.json().message).toContain('at most 60 stops');
  });
});

describe('planning a run', () => {
  it('orders the chosen cases from the start point, with the total distance, and lists the run by date', async () => {
    const [far, near, middle] = await casesAt(ngoA, [3000, 1000, 2000]);
    const run = await plan(as.managerA, [far!, near!, middle!]);
    expect(run.stops.map((s: { caseId: number }) => s.caseId)).toEqual([near, middle, far]);
    expect(run.totalMetres).toBeGreaterThan(2990);
    expect(run.totalMetres).toBeLessThan(3010);
    expect(run).toMatchObject({ status: 'planned', kind: 'catching', vehicle: 'KA-01-AB-1234', stopCount: 3, doneCount: 0 });

    const listed = await as.managerA.post('/api/run/getRuns', { runDate: TODAY, pageSize: 100 });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((r: { id: number }) => r.id)).toContain(run.id);
  });

  it("refuses another NGO's case, a case without a GPS point and a released case, naming them, and writes nothing", async () => {
    const [ok] = await casesAt(ngoA, [500]);
    const [theirs] = await casesAt(ngoB, [500]);
    const noPoint = await insertCase(t.database.db, ngoA, {});
    const [released] = await casesAt(ngoA, [700], { status: 'Released' });
    const response = await as.managerA.post('/api/run/createRun', { runDate: TODAY, kind: 'catching', start: { source: 'device', ...BASE }, caseIds: [ok, theirs, noPoint, released] });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(`Cases #${theirs}, #${noPoint}, #${released} cannot go on a run: only this NGO's open cases with a GPS point can.`);
    const stops = await t.database.db.selectFrom('run_stops').select('id').where('case_id', '=', ok!).execute();
    expect(stops).toEqual([]);
  });

  it('refuses a Worker planning a run, and a start at an NGO base never kept', async () => {
    const [caseId] = await casesAt(ngoA, [400]);
    const worker = await as.workerA.post('/api/run/createRun', { runDate: TODAY, kind: 'catching', start: { source: 'device', ...BASE }, caseIds: [caseId] });
    expect(worker.statusCode).toBe(403);
    const noBase = await as.managerB.post('/api/run/createRun', { runDate: TODAY, kind: 'catching', start: { source: 'ngo' }, caseIds: [(await casesAt(ngoB, [400]))[0]] });
    expect(noBase.statusCode).toBe(422);
    expect(noBase.json().message).toBe("The NGO has no base point yet: start from this device's position.");
  });

  it("keeps a Founder's start as the NGO's base, which a Manager may not, and starts later runs there", async () => {
    const [first, second] = await casesAt(ngoB, [100, 200]);
    const keep = { source: 'device', ...BASE, keepAsNgoBase: true };
    const refused = await as.managerB.post('/api/run/createRun', { runDate: TODAY, kind: 'catching', start: keep, caseIds: [first] });
    expect(refused.statusCode).toBe(403);
    await plan(as.founderB, [first!], { start: keep });
    expect((await as.managerB.post('/api/run/getNgoBase', {})).json().data).toEqual(BASE);
    const fromBase = await plan(as.managerB, [second!], { start: { source: 'ngo' } });
    expect(fromBase).toMatchObject({ startSource: 'ngo', startLatitude: BASE.latitude, startLongitude: BASE.longitude });
  });
});

describe('working a run', () => {
  it('a picked-up stop stamps the capture point and time and moves the case to Admitted through the case rules and timeline', async () => {
    const [caseId] = await casesAt(ngoA, [800]);
    const run = await plan(as.managerA, [caseId!], { squad: [as.workerA.id] });
    const response = await as.workerA.post('/api/run/markStop', mark(run.id, run.stops[0].id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'inProgress', doneCount: 1, stops: [{ mark: 'pickedUp', markedTime: '07:30', markLatitude: 12.98 }] });

    const found = (await as.managerA.post('/api/case/getCaseById', { id: caseId })).json().data;
    expect(found.status).toBe('Admitted');
    expect(found.reportingDetail).toMatchObject({ captureLatitude: 12.98, captureLongitude: 77.59, captureDate: TODAY, captureTime: '07:30', catchingSquad: [as.workerA.id] });
    const timeline = (await as.managerA.post('/api/case/getCaseTimeline', { caseId })).json().data;
    expect(timeline.map((e: { action: string }) => e.action).slice(0, 2).sort()).toEqual(['update', 'updateReportingDetail']);

    // A capture time in the future breaks the case's own rule and leaves stop and case as they were.
    const [other] = await casesAt(ngoA, [900]);
    const second = await plan(as.managerA, [other!]);
    const future = await as.workerA.post('/api/run/markStop', mark(second.id, second.stops[0].id, { markedDate: '2099-01-01' }));
    expect(future.statusCode).toBe(422);
    expect((await as.managerA.post('/api/case/getCaseById', { id: other })).json().data.status).toBe('Reported');
    expect((await as.managerA.post('/api/run/getRunById', { runId: second.id })).json().data.stops[0].mark).toBe('pending');
  });

  it('applies a mark replayed with its Idempotency-Key once', async () => {
    const [caseId] = await casesAt(ngoA, [1200]);
    const run = await plan(as.managerA, [caseId!]);
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/run/markStop', payload: mark(run.id, run.stops[0].id), headers: { cookie: as.workerA.cookie, 'idempotency-key': `run-mark-${run.id}-abcdef` } });
    const first = await send();
    const again = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const statusChanges = await t.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity', '=', 'case')
      .where('entity_id', '=', String(caseId))
      .where('action', '=', 'update')
      .execute();
    expect(statusChanges).toHaveLength(1);
    const marks = await t.database.db.selectFrom('audit_log').select('id').where('entity', '=', 'run').where('entity_id', '=', String(run.id)).where('action', '=', 'markStop').execute();
    expect(marks).toHaveLength(1);
  });

  it('needs a reason for a refusal, and a reason for a release far from the capture point', async () => {
    const [caseId] = await casesAt(ngoA, [1500]);
    const run = await plan(as.managerA, [caseId!]);
    const refused = await as.workerA.post('/api/run/markStop', mark(run.id, run.stops[0].id, { mark: 'refused' }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Reason is required when the stop is refused');
    expect((await as.workerA.post('/api/run/markStop', mark(run.id, run.stops[0].id, { mark: 'refused', reason: 'Feeder objected' }))).statusCode).toBe(200);

    const [toRelease] = await casesAt(ngoA, [0], { status: 'Post Operation' });
    const release = await plan(as.managerA, [toRelease!], { kind: 'release' });
    const farAway = mark(release.id, release.stops[0].id, { mark: 'released', latitude: BASE.latitude + 2000 / 111_195, longitude: BASE.longitude, accuracy: 5 });
    const far = await as.workerA.post('/api/run/markStop', farAway);
    expect(far.statusCode).toBe(422);
    expect(far.json().message).toMatch(/Reason for releasing elsewhere|reason/i);
    const withReason = await as.workerA.post('/api/run/markStop', { ...farAway, reason: 'Original lane under construction' });
    expect(withReason.statusCode, withReason.body).toBe(200);
    const found = (await as.managerA.post('/api/case/getCaseById', { id: toRelease })).json().data;
    expect(found.status).toBe('Released');
    expect(found.releaseFlagged).toBe(true);
  });

  it("finds another NGO's run for nobody else, and refuses marks once the run has ended", async () => {
    const [caseId, second] = await casesAt(ngoA, [300, 600]);
    const run = await plan(as.managerA, [caseId!, second!]);
    for (const url of ['/api/run/getRunById', '/api/run/endRun']) expect((await as.managerB.post(url, { runId: run.id })).statusCode).toBe(404);
    expect((await as.managerB.post('/api/run/markStop', mark(run.id, run.stops[0].id))).statusCode).toBe(404);

    const ended = await as.workerA.post('/api/run/endRun', { runId: run.id });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data.status).toBe('ended');
    const late = await as.workerA.post('/api/run/markStop', mark(run.id, run.stops[1].id));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This run has ended: its stops can no longer be marked.');
  });
});
