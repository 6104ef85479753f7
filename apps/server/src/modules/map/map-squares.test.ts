import { describe, expect, it } from 'vitest';
import { useTwoNgoWorldOnce, type Caller } from '../../../test/api';
import { fillCaseMapSquares } from '../../db/migrations/041-case-map-squares';
import { REPORTING, newCase, ok } from '../../../test/cases';
import { insertCase } from '../../../test/report-cases';
import type { CaseFilter } from '../case/case.repository';
import { type GridCell, MapRepository, type Viewport } from './map.repository';
import { squareLevel } from './map.service';

/**
 * Both databases. The kept squares (case_map_squares, migration 041) must answer exactly what
 * grouping the cases themselves answers, after every kind of write. Each test works in a place of
 * its own, far from the map test's places and from each other.
 */
const ctx = useTwoNgoWorldOnce();

type Marker = { kind: string; count: number; id: number | null; status: string | null; latitude: number; longitude: number };

/** Ten degrees apart: no square of zoom 5 or finer reaches from one test's place to another's. */
const placeOf = (n: number) => ({ lat: -70 + 10 * n, lon: -170 + 10 * n });
const viewOf = (n: number, size = 1): Viewport => ({ south: placeOf(n).lat, north: placeOf(n).lat + size, west: placeOf(n).lon, east: placeOf(n).lon + size });
/** Zooms on both sides of every kept level, and one past the last (grouped: the view is wide). */
const ZOOMS = [2, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];

const repo = () => new MapRepository(ctx.t.database.db);
const byPlace = (a: GridCell, b: GridCell) => a.latitude - b.latitude || a.longitude - b.longitude || a.count - b.count;

/** The kept answer and the one read from the cases, for a filter, view and zoom: they must be the same. */
async function expectKeptAsRead(filter: CaseFilter, view: Viewport, zoom: number): Promise<GridCell[]> {
  const level = squareLevel(view, zoom);
  if (level === null) throw new Error(`zoom ${zoom} answers points for this view`);
  const kept = (await repo().caseCells({ ...filter, search: undefined }, view, level)).sort(byPlace);
  const read = (await repo().caseSquaresRead({ ...filter, search: undefined }, view, level)).sort(byPlace);
  const label = `zoom ${zoom}, ${JSON.stringify(filter)}`;
  expect(kept.map((c) => [c.count, c.id, c.status, c.since]), label).toEqual(read.map((c) => [c.count, c.id, c.status, c.since]));
  kept.forEach((c, i) => {
    expect(c.latitude, label).toBeCloseTo(read[i]!.latitude, 6);
    expect(c.longitude, label).toBeCloseTo(read[i]!.longitude, 6);
  });
  return kept;
}

async function expectEveryZoom(n: number, filters: CaseFilter[] = [{ scope: ctx.world.a.id }, { scope: ctx.world.b.id }, { scope: 'all' }]): Promise<void> {
  for (const filter of filters) for (const zoom of ZOOMS) await expectKeptAsRead(filter, viewOf(n), zoom);
}

async function markers(caller: Caller, body: object): Promise<Marker[]> {
  const response = await caller.post('/api/map/getMarkers', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.markers;
}

/** A deterministic stream of numbers in [0, 1). */
function randomFrom(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('the kept map squares', () => {
  it('answer as the cases do after cases are made, moved, change status and type, close, reopen, go and come back, and change NGO', async () => {
    const { db } = ctx.t.database;
    const { lat, lon } = placeOf(1);
    const random = randomFrom(41);
    const types = ['Sterilization', 'OPD', 'IPD', 'Vaccination'];
    const statuses = ['Reported', 'Admitted', 'Blood Test', 'Operation', 'Post Operation'];
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const point = () => ({ capture_latitude: lat + 0.2 + random() * 0.05, capture_longitude: lon + 0.2 + random() * 0.05 });
    const day = () => `2026-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 10)}`;
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      const ngo = random() < 0.7 ? ctx.world.a.id : ctx.world.b.id;
      ids.push(await insertCase(db, ngo, { ...point(), type: pick(types), status: pick(statuses), reported_date: random() < 0.8 ? day() : null }));
    }
    await expectEveryZoom(1);

    const edits: Array<(id: number) => object> = [
      () => point(),
      () => ({ status: pick([...statuses, 'Released']) }),
      () => ({ type: pick(types) }),
      () => ({ reported_date: day() }),
      () => ({ release_date: random() < 0.5 ? day() : null }),
      () => ({ death_date: random() < 0.5 ? day() : null }),
      () => ({ deleted_at: random() < 0.5 ? new Date().toISOString() : null }),
      () => ({ ngo_id: random() < 0.5 ? ctx.world.a.id : ctx.world.b.id }),
      () => (random() < 0.5 ? { capture_latitude: null, capture_longitude: null } : point()),
    ];
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 25; i++) {
        const id = pick(ids);
        await db.updateTable('cases').set(pick(edits)(id)).where('id', '=', id).execute();
      }
      await expectEveryZoom(1);
    }
    // The oldest case of each square goes, and so does every other one: squares empty and vanish.
    for (const id of ids) await db.deleteFrom('cases').where('id', '=', id).execute();
    await expectEveryZoom(1);
    for (const filter of [{ scope: ctx.world.a.id }, { scope: 'all' as const }]) expect(await expectKeptAsRead(filter, viewOf(1), 12)).toEqual([]);
  });

  it("answer the dashboard's type and status filters as the cases do", async () => {
    const { db } = ctx.t.database;
    const { lat, lon } = placeOf(2);
    const ngo = ctx.world.a.id;
    await insertCase(db, ngo, { capture_latitude: lat + 0.3, capture_longitude: lon + 0.3, type: 'OPD', status: 'Admitted' });
    await insertCase(db, ngo, { capture_latitude: lat + 0.3001, capture_longitude: lon + 0.3001, type: 'OPD', status: 'Reported', reported_date: '2026-01-05' });
    await insertCase(db, ngo, { capture_latitude: lat + 0.3002, capture_longitude: lon + 0.3002, type: 'IPD', status: 'Admitted' });
    for (const filter of [{ type: 'OPD' }, { status: 'Admitted' }, { type: 'OPD', status: 'Reported' }, { type: 'Vaccination' }]) {
      for (const zoom of ZOOMS) await expectKeptAsRead({ scope: ngo, ...filter }, viewOf(2), zoom);
    }
    const opd = await markers(ctx.world.inA.Worker, { ...viewOf(2), zoom: 10, type: 'OPD' });
    expect(opd.map((m) => m.count)).toEqual([2]);
  });

  it('follow saves made through the API: a new case placed, moved, its status and type changed, deleted and restored', async () => {
    const { lat, lon } = placeOf(3);
    const worker = ctx.world.inA.Worker;
    const founder = ctx.world.inA.Founder;
    const view = viewOf(3);
    const place = async (caseId: number, dLat: number, dLon: number) =>
      ok(worker, '/api/case/updateReportingDetail', { caseId, ...REPORTING, captureLatitude: +(lat + dLat).toFixed(6), captureLongitude: +(lon + dLon).toFixed(6) });
    const first = await newCase(worker, { type: 'Sterilization' });
    const second = await newCase(worker, { type: 'Sterilization' });
    await place(first, 0.5, 0.5);
    await place(second, 0.5001, 0.5001);
    const single = async (zoom: number) => (await markers(worker, { ...view, zoom })).filter((m) => m.kind === 'case');

    expect((await single(12)).map((m) => m.count)).toEqual([2]);
    await place(second, 0.9, 0.9);
    expect((await single(12)).map((m) => [m.count, m.id]).sort()).toEqual([
      [1, first],
      [1, second],
    ].sort());
    await ok(worker, '/api/case/updateCase', { caseId: second, status: 'Admitted' });
    expect((await single(12)).find((m) => m.id === second)?.status).toBe('Admitted');
    await ok(worker, '/api/case/updateCase', { caseId: first, type: 'OPD' });
    expect((await markers(worker, { ...view, zoom: 12, type: 'OPD' })).map((m) => m.id)).toEqual([first]);
    await ok(founder, '/api/case/deleteCase', { caseId: first });
    expect((await single(12)).map((m) => m.id)).toEqual([second]);
    await ok(founder, '/api/case/restoreCase', { caseId: first });
    expect((await single(12)).map((m) => m.id).sort()).toEqual([first, second].sort());
    for (const zoom of ZOOMS) await expectKeptAsRead({ scope: ctx.world.a.id }, view, zoom);
  });

  it('keep the oldest date of a square exact when the case that held it closes', async () => {
    const { db } = ctx.t.database;
    const { lat, lon } = placeOf(4);
    const ngo = ctx.world.a.id;
    const at = (d: number) => ({ capture_latitude: lat + 0.4 + d, capture_longitude: lon + 0.4 + d });
    const oldest = await insertCase(db, ngo, { ...at(0), reported_date: '2025-03-01' });
    const next = await insertCase(db, ngo, { ...at(0.00001), reported_date: '2025-06-01' });
    await insertCase(db, ngo, { ...at(0.2), reported_date: '2026-01-01' });
    const since = async (zoom: number) => (await expectKeptAsRead({ scope: ngo }, viewOf(4), zoom)).map((c) => c.since).sort();
    expect(await since(5)).toEqual(['2025-03-01']);
    await db.updateTable('cases').set({ release_date: '2026-11-01' }).where('id', '=', oldest).execute();
    expect(await since(5)).toEqual(['2025-06-01']);
    expect(await since(16)).toEqual(['2025-06-01', '2026-01-01']);
    await db.updateTable('cases').set({ death_date: '2026-11-02' }).where('id', '=', next).execute();
    expect(await since(5)).toEqual(['2026-01-01']);
    await db.updateTable('cases').set({ release_date: null }).where('id', '=', oldest).execute();
    expect(await since(5)).toEqual(['2025-03-01']);
  });

  it("never show one NGO another's squares, at any zoom", async () => {
    const { db } = ctx.t.database;
    const { lat, lon } = placeOf(5);
    const inB = await insertCase(db, ctx.world.b.id, { capture_latitude: lat + 0.5, capture_longitude: lon + 0.5 });
    const inA = await insertCase(db, ctx.world.a.id, { capture_latitude: lat + 0.7, capture_longitude: lon + 0.7 });
    for (const zoom of ZOOMS.filter((z) => z >= 5)) {
      const seenByA = (await markers(ctx.world.inA.Manager, { ...viewOf(5), zoom })).filter((m) => m.kind === 'case');
      expect(seenByA.map((m) => [m.count, m.id]), `zoom ${zoom}`).toEqual([[1, inA]]);
      const seenByAdmin = (await markers(ctx.world.admin, { ...viewOf(5), zoom, ngoId: ctx.world.b.id })).filter((m) => m.kind === 'case');
      expect(seenByAdmin.map((m) => [m.count, m.id]), `zoom ${zoom}`).toEqual([[1, inB]]);
    }
    await db.updateTable('cases').set({ ngo_id: ctx.world.a.id }).where('id', '=', inB).execute();
    expect((await markers(ctx.world.inB.Manager, { ...viewOf(5), zoom: 9 })).filter((m) => m.kind === 'case')).toEqual([]);
    expect((await markers(ctx.world.inA.Manager, { ...viewOf(5), zoom: 5 })).find((m) => m.kind === 'case')?.count).toBe(2);
  });

  it("are filled by the migration from the cases already there, a range of ids at a time", async () => {
    const { db } = ctx.t.database;
    const { lat, lon } = placeOf(7);
    const random = randomFrom(7);
    for (let i = 0; i < 30; i++) {
      await insertCase(db, random() < 0.5 ? ctx.world.a.id : ctx.world.b.id, {
        capture_latitude: lat + random() * 0.3,
        capture_longitude: lon + random() * 0.3,
        status: random() < 0.2 ? 'Released' : 'Admitted',
        reported_date: `2026-0${1 + Math.floor(random() * 9)}-15`,
      });
    }
    const before = await expectKeptAsRead({ scope: 'all' }, viewOf(7), 11);
    await db.deleteFrom('case_map_squares').execute();
    await fillCaseMapSquares(db, 7);
    expect(await expectKeptAsRead({ scope: 'all' }, viewOf(7), 11)).toEqual(before);
    await expectEveryZoom(7);
  });

  it('answer whole squares: a view touching a square shows all its points', async () => {
    const { db } = ctx.t.database;
    const { lat, lon } = placeOf(6);
    await insertCase(db, ctx.world.a.id, { capture_latitude: lat + 0.5, capture_longitude: lon + 0.5 });
    await insertCase(db, ctx.world.a.id, { capture_latitude: lat + 0.5001, capture_longitude: lon + 0.5001 });
    // Zoom 8's squares are 0.35 degrees: a sliver of a view at the point's square finds both.
    const sliver = { south: lat + 0.49, north: lat + 0.495, west: lon + 0.49, east: lon + 0.495, zoom: 8 };
    expect((await markers(ctx.world.inA.Worker, sliver)).map((m) => m.count)).toEqual([2]);
  });
});
