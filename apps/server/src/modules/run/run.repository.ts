import type { RunNear } from '@rescuedesk/shared';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { readPage, searchedFor, type Page } from '../../db/listing';
import type { DB, RunRow, RunStopRow } from '../../db/schema';
import { scopedTo, type NgoScope } from '../../db/scope';
import { parseIdList } from '../../lib/json-list';
import { nowIso } from '../../lib/time';

/** Metres in a degree of latitude (and of longitude at the equator), on a sphere of the Earth's mean radius. */
const METRES_PER_DEGREE = 111_195;

/** What the planner's search looks in: the case's place. */
const CANDIDATE_SEARCH_COLUMNS: readonly string[] = ['location', 'landmark', 'pincode', 'ward_zone'];

export interface CandidateRow {
  id: number;
  ngo_id: number;
  status: string;
  location: string | null;
  landmark: string | null;
  pincode: string | null;
  ward_zone: string | null;
  unique_id: string | null;
  capture_latitude: number;
  capture_longitude: number;
}

export interface RunListRow extends RunRow {
  ngo_name: string | null;
  stop_count: number;
  done_count: number;
}

export interface StopWithCase extends RunStopRow {
  location: string | null;
  landmark: string | null;
  pincode: string | null;
  unique_id: string | null;
  marked_by_name: string | null;
}

/**
 * Runs and their stops, each belonging to one NGO. Reads take the scope; writes match the record's
 * NGO as well as its id. Cases are read here only as a run's candidates and stops show them.
 */
export class RunRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Open cases with a GPS point: not deleted, not released, no death or release date recorded, and
   * a capture point (for a catching run the place it was reported at; for a release run where it
   * was caught).
   */
  async candidates(scope: NgoScope, filter: { status?: string | null; search?: string; ids?: readonly number[]; near?: RunNear; page: number; pageSize: number }): Promise<Page<CandidateRow>> {
    let query = this.openCasesWithPoint(scope).select(['id', 'ngo_id', 'status', 'location', 'landmark', 'pincode', 'ward_zone', 'unique_id', 'capture_latitude', 'capture_longitude']);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.ids) query = filter.ids.length === 0 ? query.where(sql<boolean>`1 = 0`) : query.where('id', 'in', filter.ids);
    query = searchedFor(query, CANDIDATE_SEARCH_COLUMNS, filter.search);
    if (!filter.near) {
      const page = await readPage(query, filter);
      return { rows: page.rows as CandidateRow[], total: page.total };
    }
    // Within the circle, the nearest first. On a flat map round the centre (a degree of longitude
    // shrunk by the cosine of the latitude): within a city's width this is the great-circle
    // distance to a fraction of a percent, and it is plain arithmetic on both databases. The
    // bounding box lets the database narrow by each column before measuring.
    const { latitude, longitude, radiusKm } = filter.near;
    const radius = radiusKm * 1000;
    const lonScale = Math.max(Math.cos((latitude * Math.PI) / 180), 0.01);
    const dLat = radius / METRES_PER_DEGREE;
    const dLon = dLat / lonScale;
    const y = sql<number>`((capture_latitude - ${latitude}) * ${METRES_PER_DEGREE})`;
    const x = sql<number>`((capture_longitude - ${longitude}) * ${METRES_PER_DEGREE * lonScale})`;
    const squared = sql<number>`(${y} * ${y} + ${x} * ${x})`;
    const near = query
      .where('capture_latitude', '>=', latitude - dLat)
      .where('capture_latitude', '<=', latitude + dLat)
      .where('capture_longitude', '>=', longitude - dLon)
      .where('capture_longitude', '<=', longitude + dLon)
      .where(sql<boolean>`${squared} <= ${radius * radius}`);
    const counted = await near.clearSelect().select(sql<number>`count(*)`.as('n')).$castTo<{ n: number }>().executeTakeFirst();
    const rows = await near
      .orderBy(squared)
      .orderBy('id')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute();
    return { rows: rows as CandidateRow[], total: Number(counted?.n ?? 0) };
  }

  /** Those of the ids that are open cases of the NGO with a GPS point. */
  async candidatesAmong(ngoId: number, ids: readonly number[]): Promise<CandidateRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.openCasesWithPoint(ngoId)
      .select(['id', 'ngo_id', 'status', 'location', 'landmark', 'pincode', 'ward_zone', 'unique_id', 'capture_latitude', 'capture_longitude'])
      .where('id', 'in', ids)
      .execute();
    return rows as CandidateRow[];
  }

  private openCasesWithPoint(scope: NgoScope) {
    return scopedTo(this.db.selectFrom('cases'), scope)
      .where('deleted_at', 'is', null)
      .where('status', '!=', 'Released')
      .where('death_date', 'is', null)
      .where('release_date', 'is', null)
      .where('capture_latitude', 'is not', null)
      .where('capture_longitude', 'is not', null);
  }

  /** An NGO's runs (an Admin's across NGOs), the latest day first, with how many stops each has and how many are marked. */
  async list(scope: NgoScope, filter: { runDate?: string | null; search?: string; page: number; pageSize: number }): Promise<Page<RunListRow>> {
    let base = scopedTo(this.db.selectFrom('runs'), scope, 'runs.ngo_id');
    if (filter.runDate) base = base.where('runs.run_date', '=', filter.runDate);
    base = searchedFor(base, ['runs.locality', 'runs.vehicle'], filter.search);
    const counted = await base.select(sql<number>`count(*)`.as('n')).executeTakeFirst();
    const rows = await base
      .leftJoin('ngos', 'ngos.id', 'runs.ngo_id')
      .selectAll('runs')
      .select([
        'ngos.name as ngo_name',
        sql<number>`(select count(*) from run_stops s where s.run_id = runs.id)`.as('stop_count'),
        sql<number>`(select count(*) from run_stops s where s.run_id = runs.id and s.mark <> 'pending')`.as('done_count'),
      ])
      .orderBy('runs.run_date', 'desc')
      .orderBy('runs.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute();
    return { rows: rows.map((r) => ({ ...r, stop_count: Number(r.stop_count), done_count: Number(r.done_count) })), total: Number(counted?.n ?? 0) };
  }

  /** A run of the scope; `forUpdate` (inside a transaction) locks it on PostgreSQL until the commit. */
  /**
   * Whether the user is on the squad of a run of the NGO that stops at the case: they go to the spot,
   * so they see its reporter's phone (docs/privacy.md#who-sees-what).
   */
  async crewIncludes(ngoId: number, caseId: number, userId: number): Promise<boolean> {
    const squads = await this.db
      .selectFrom('run_stops')
      .innerJoin('runs', 'runs.id', 'run_stops.run_id')
      .select('runs.squad')
      .where('run_stops.ngo_id', '=', ngoId)
      .where('runs.ngo_id', '=', ngoId)
      .where('run_stops.case_id', '=', caseId)
      .execute();
    return squads.some((run) => parseIdList(run.squad).includes(userId));
  }

  async findInScope(scope: NgoScope, id: number, options: { forUpdate?: boolean } = {}): Promise<RunRow | undefined> {
    let query = scopedTo(this.db.selectFrom('runs').selectAll().where('id', '=', id), scope);
    if (options.forUpdate && this.db.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
    return query.executeTakeFirst();
  }

  async ngoName(ngoId: number): Promise<string | null> {
    const row = await this.db.selectFrom('ngos').select('name').where('id', '=', ngoId).executeTakeFirst();
    return row?.name ?? null;
  }

  /** The run's stops in order, with their cases' place and who marked each. */
  async stops(ngoId: number, runId: number): Promise<StopWithCase[]> {
    return scopedTo(this.db.selectFrom('run_stops'), ngoId, 'run_stops.ngo_id')
      .innerJoin('cases', 'cases.id', 'run_stops.case_id')
      .leftJoin('users', 'users.id', 'run_stops.marked_by')
      .selectAll('run_stops')
      .select(['cases.location', 'cases.landmark', 'cases.pincode', 'cases.unique_id', 'users.name as marked_by_name'])
      .where('run_stops.run_id', '=', runId)
      .orderBy('run_stops.position')
      .execute();
  }

  async findStop(run: Pick<RunRow, 'id' | 'ngo_id'>, stopId: number): Promise<RunStopRow | undefined> {
    return scopedTo(this.db.selectFrom('run_stops').selectAll().where('id', '=', stopId).where('run_id', '=', run.id), run.ngo_id).executeTakeFirst();
  }

  async insert(values: Omit<RunRow, 'id' | 'created_at' | 'updated_at' | 'squad'> & { squad: string }, stops: ReadonlyArray<Pick<RunStopRow, 'case_id' | 'latitude' | 'longitude'>>): Promise<RunRow> {
    const now = nowIso();
    const run = await this.db
      .insertInto('runs')
      .values({ ...values, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('run_stops')
      .values(stops.map((s, i) => ({ ngo_id: run.ngo_id, run_id: run.id, position: i + 1, case_id: s.case_id, latitude: s.latitude, longitude: s.longitude })))
      .execute();
    return run;
  }

  async update(run: Pick<RunRow, 'id' | 'ngo_id'>, patch: Partial<Pick<RunRow, 'status' | 'started_at' | 'ended_at'>>): Promise<void> {
    await scopedTo(this.db.updateTable('runs').set({ ...patch, updated_at: nowIso() }).where('id', '=', run.id), run.ngo_id).execute();
  }

  async markStop(stop: Pick<RunStopRow, 'id' | 'ngo_id'>, patch: Pick<RunStopRow, 'mark' | 'reason' | 'marked_date' | 'marked_time' | 'mark_latitude' | 'mark_longitude' | 'mark_accuracy' | 'marked_by'>): Promise<void> {
    await scopedTo(this.db.updateTable('run_stops').set({ ...patch, marked_at: nowIso() }).where('id', '=', stop.id), stop.ngo_id).execute();
  }

  /** The NGO's base point, where its runs may start. */
  async ngoBase(ngoId: number): Promise<{ latitude: number; longitude: number } | undefined> {
    const row = await this.db.selectFrom('ngos').select(['base_latitude', 'base_longitude']).where('id', '=', ngoId).executeTakeFirst();
    if (row?.base_latitude === null || row?.base_latitude === undefined || row.base_longitude === null) return undefined;
    return { latitude: row.base_latitude, longitude: row.base_longitude };
  }

  async keepNgoBase(ngoId: number, point: { latitude: number; longitude: number }): Promise<void> {
    await this.db.updateTable('ngos').set({ base_latitude: point.latitude, base_longitude: point.longitude, updated_at: nowIso() }).where('id', '=', ngoId).execute();
  }
}
