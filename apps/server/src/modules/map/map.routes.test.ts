import { describe, expect, it } from 'vitest';
import { useTwoNgoWorldOnce, type Caller } from '../../../test/api';
import { REPORTING, newCase, ok } from '../../../test/cases';
import { insertCase } from '../../../test/report-cases';

/**
 * Both databases. The world is made once for the file: each test puts its points in a place of
 * its own (a degree square no other test uses) and asks only for that place.
 */
const ctx = useTwoNgoWorldOnce();

type Marker = { kind: string; count: number; id: number | null; status: string | null; latitude: number; longitude: number; ageDays: number | null };

/** A one-degree square of its own for each test, far from the world's cases. */
const placeOf = (n: number) => ({ lat: 60 + n, lon: 10 + n });
const viewOf = (n: number) => ({ south: placeOf(n).lat, north: placeOf(n).lat + 1, west: placeOf(n).lon, east: placeOf(n).lon + 1 });

async function markers(caller: Caller, body: object): Promise<Marker[]> {
  const response = await caller.post('/api/map/getMarkers', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.markers;
}

async function caseAt(ngoId: number, lat: number, lon: number, fields: object = {}): Promise<number> {
  return insertCase(ctx.t.database.db, ngoId, { capture_latitude: lat, capture_longitude: lon, ...fields });
}

async function reportAt(ngoId: number, lat: number, lon: number, status = 'new'): Promise<number> {
  const now = new Date().toISOString();
  const row = await ctx.t.database.db
    .insertInto('citizen_reports')
    .values({
      ngo_id: ngoId,
      token_hash: `${Math.random()}`,
      code: `M${Math.random().toString(36).slice(2, 9).toUpperCase()}`,
      status,
      latitude: lat,
      longitude: lon,
      address: 'Behind the bus stand',
      animal_type: 'Dog',
      condition: 'injured',
      reporter_name: 'Asha',
      reporter_phone: '9876543210',
      language: 'en',
      consent_notice_version: 'v1',
      consent_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('the map of open cases', () => {
  it('groups the points of a zoomed-out view into clusters with their counts, and answers single points with their id and status', async () => {
    const { lat, lon } = placeOf(1);
    const ngo = ctx.world.a.id;
    const near = [await caseAt(ngo, lat + 0.1, lon + 0.1), await caseAt(ngo, lat + 0.1001, lon + 0.1001), await caseAt(ngo, lat + 0.1002, lon + 0.1002)];
    const alone = await caseAt(ngo, lat + 0.9, lon + 0.9, { status: 'Admitted' });

    const wide = await markers(ctx.world.inA.Manager, { ...viewOf(1), zoom: 8 });
    expect(wide.map((m) => m.count).sort()).toEqual([1, 3]);
    const cluster = wide.find((m) => m.count === 3)!;
    expect(cluster).toMatchObject({ kind: 'case', id: null, status: null });
    expect(cluster.latitude).toBeCloseTo(lat + 0.1001, 3);
    expect(wide.find((m) => m.count === 1)).toMatchObject({ kind: 'case', id: alone, status: 'Admitted', ageDays: 0 });

    const close = await markers(ctx.world.inA.Manager, { south: lat + 0.099, north: lat + 0.101, west: lon + 0.099, east: lon + 0.101, zoom: 18 });
    expect(close.map((m) => m.id).sort()).toEqual([...near].sort());
  });

  it("shows only the NGO's own open cases: not another NGO's, not released, dead or deleted ones, nor cases without a point", async () => {
    const { lat, lon } = placeOf(2);
    const ours = await caseAt(ctx.world.a.id, lat + 0.5, lon + 0.5);
    await caseAt(ctx.world.b.id, lat + 0.5, lon + 0.5);
    await caseAt(ctx.world.a.id, lat + 0.5, lon + 0.5, { status: 'Released' });
    await caseAt(ctx.world.a.id, lat + 0.5, lon + 0.5, { death_date: '2026-11-01' });
    await caseAt(ctx.world.a.id, lat + 0.5, lon + 0.5, { deleted_at: new Date().toISOString() });
    await caseAt(ctx.world.a.id, lat + 0.5, lon + 0.5, { capture_latitude: null, capture_longitude: null });

    const seen = await markers(ctx.world.inA.Worker, { ...viewOf(2), zoom: 18 });
    expect(seen.map((m) => m.id)).toEqual([ours]);
    const other = await markers(ctx.world.inB.Worker, { ...viewOf(2), zoom: 18 });
    expect(other.map((m) => m.id)).not.toContain(ours);
    expect(other).toHaveLength(1);
  });

  it("refuses another NGO's id from a non-Admin, and lets the Admin look at one NGO or all", async () => {
    const { lat, lon } = placeOf(3);
    const inA = await caseAt(ctx.world.a.id, lat + 0.5, lon + 0.5);
    const inB = await caseAt(ctx.world.b.id, lat + 0.6, lon + 0.6);
    const refused = await ctx.world.inA.Manager.post('/api/map/getMarkers', { ...viewOf(3), zoom: 18, ngoId: ctx.world.b.id });
    expect(refused.statusCode).toBe(404);
    expect((await markers(ctx.world.admin, { ...viewOf(3), zoom: 18 })).map((m) => m.id).sort()).toEqual([inA, inB].sort());
    expect((await markers(ctx.world.admin, { ...viewOf(3), zoom: 18, ngoId: ctx.world.b.id })).map((m) => m.id)).toEqual([inB]);
  });

  it("applies the dashboard's type, status and search filters", async () => {
    const { lat, lon } = placeOf(4);
    const worker = ctx.world.inA.Worker;
    const opd = await caseAt(ctx.world.a.id, lat + 0.2, lon + 0.2, { type: 'OPD' });
    const admitted = await caseAt(ctx.world.a.id, lat + 0.3, lon + 0.3, { status: 'Admitted' });
    const searched = await newCase(worker, { type: 'Sterilization' });
    await ok(worker, '/api/case/updateReportingDetail', { caseId: searched, ...REPORTING, location: 'Zorawarpet market' });
    await ctx.t.database.db.updateTable('cases').set({ capture_latitude: lat + 0.4, capture_longitude: lon + 0.4 }).where('id', '=', searched).execute();
    const report = await reportAt(ctx.world.a.id, lat + 0.5, lon + 0.5);

    const ids = async (body: object) => (await markers(worker, { ...viewOf(4), zoom: 18, ...body })).map((m) => `${m.kind}:${m.id}`).sort();
    expect(await ids({})).toEqual([`case:${opd}`, `case:${admitted}`, `case:${searched}`, `report:${report}`].sort());
    expect(await ids({ type: 'OPD' })).toEqual([`case:${opd}`]);
    expect(await ids({ status: 'Admitted' })).toEqual([`case:${admitted}`]);
    expect(await ids({ search: 'zorawar' })).toEqual([`case:${searched}`]);
    expect(await ids({ search: 'bus stand' })).toEqual([`report:${report}`]);
  });

  it('shows new citizen reports of the NGO only, not ones already triaged, grouped apart from cases', async () => {
    const { lat, lon } = placeOf(5);
    const fresh = [await reportAt(ctx.world.a.id, lat + 0.5, lon + 0.5), await reportAt(ctx.world.a.id, lat + 0.5001, lon + 0.5001)];
    await reportAt(ctx.world.a.id, lat + 0.5, lon + 0.5, 'accepted');
    await reportAt(ctx.world.b.id, lat + 0.5, lon + 0.5);
    await caseAt(ctx.world.a.id, lat + 0.5, lon + 0.5);

    const wide = await markers(ctx.world.inA.Manager, { ...viewOf(5), zoom: 6 });
    expect(wide.map((m) => `${m.kind}:${m.count}`).sort()).toEqual(['case:1', 'report:2']);
    const close = await markers(ctx.world.inA.Manager, { south: lat + 0.499, north: lat + 0.501, west: lon + 0.499, east: lon + 0.501, zoom: 18 });
    expect(close.filter((m) => m.kind === 'report').map((m) => m.id).sort()).toEqual([...fresh].sort());
  });

  it('answers at most 64 by 64 squares for a whole-world view at a deep zoom', async () => {
    const all = await markers(ctx.world.admin, { south: -90, north: 90, west: -180, east: 180, zoom: 19 });
    const { lat, lon } = placeOf(1);
    expect(all.some((m) => m.count >= 3 && Math.abs(m.latitude - lat) < 2 && Math.abs(m.longitude - lon) < 2)).toBe(true);
    expect(all.length).toBeLessThanOrEqual(2 * 64 * 64);
  });

  it('refuses a viewport upside down or off the globe, naming the field', async () => {
    const upside = await ctx.world.inA.Worker.post('/api/map/getMarkers', { south: 20, north: 10, west: 70, east: 80, zoom: 5 });
    expect(upside.statusCode).toBe(422);
    expect(upside.json().message).toContain('Map area');
    const off = await ctx.world.inA.Worker.post('/api/map/getMarkers', { south: -100, north: 10, west: 70, east: 80, zoom: 5 });
    expect(off.statusCode).toBe(422);
    expect(off.json().message).toContain('Map area');
  });

  it("gives the tile source and its attribution (OpenStreetMap's by default) to anyone signed in", async () => {
    const response = await ctx.world.inA.Worker.post('/api/map/getSettings', {});
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: expect.stringContaining('OpenStreetMap') });
    const stranger = await ctx.t.app.inject({ method: 'POST', url: '/api/map/getSettings', payload: {} });
    expect(stranger.statusCode).toBe(401);
  });
});
