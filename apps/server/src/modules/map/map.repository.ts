import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { isPostgresDb } from '../../db/case-search';
import { searchedFor } from '../../db/listing';
import { COORDINATE_UNITS, FINEST_LEVEL, MAP_LEVELS, squareDegrees } from '../../db/migrations/041-case-map-squares';
import { scopedTo, type NgoScope } from '../../db/scope';
import { CaseRepository, type CaseFilter } from '../case/case.repository';

/** The part of the world the map shows, in degrees. */
export interface Viewport {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * One square of the grid with what lies in it: how many, where on average, and of a single point
 * its id and status. `since` is the oldest reported date or creation time among them.
 */
export interface GridCell {
  count: number;
  latitude: number;
  longitude: number;
  id: number | null;
  status: string | null;
  since: string | null;
}

interface CellRow {
  n: number | string;
  lat: number | string;
  lon: number | string;
  id: number | string;
  status: string | null;
  since: string | null;
}

/**
 * The map's markers (docs/product.md#the-map): the points of a viewport grouped on a grid fixed to
 * the world, so an answer holds at most one marker per square whatever the number of cases. A
 * square is answered whole: every square the viewport touches, with all its points. Open cases
 * come from case_map_squares, kept by triggers (migration 041, docs/decisions/034), unless a
 * search narrows them: a search groups the cases it finds, read through the word index.
 */
export class MapRepository {
  private readonly cases: CaseRepository;

  constructor(private readonly db: Kysely<DB>) {
    this.cases = new CaseRepository(db);
  }

  /**
   * Open cases of the dashboard's filter (not released, no death or release date) at their capture
   * point, grouped in the squares of `level` (the map service's zoom of squares), or one by one
   * (null: the newest POINT_LIMIT in the viewport).
   */
  async caseCells(filter: CaseFilter, view: Viewport, level: number | null): Promise<GridCell[]> {
    if (level === null) return this.casePoints(filter, view);
    if (filter.search?.trim()) return this.caseSquaresRead(filter, view, level);
    return this.caseSquaresKept(filter, view, level);
  }

  /**
   * The squares from case_map_squares: the stored level at or finer than `level` nearest to it,
   * its squares in view read by key (each column of squares a range of rows) and grouped into the
   * asked ones.
   */
  private async caseSquaresKept(filter: CaseFilter, view: Viewport, level: number): Promise<GridCell[]> {
    const stored = MAP_LEVELS.filter((l) => l >= level).at(-1) ?? FINEST_LEVEL;
    const shift = Math.max(0, stored - level);
    const squares = squaresOf(view, stored - shift);
    if (squares.x0 > squares.x1) return [];
    const columns = Array.from({ length: (squares.x1 - squares.x0 + 1) << shift }, (_, i) => (squares.x0 << shift) + i);
    const gx = sql<number>`x >> ${sql.lit(shift)}`;
    const gy = sql<number>`y >> ${sql.lit(shift)}`;
    let query = this.db
      .selectFrom('case_map_squares')
      .where(filter.scope === 'all' ? sql<SqlBool>`ngo_id in (select id from ngos)` : sql<SqlBool>`ngo_id = ${filter.scope}`)
      .where('level', '=', stored)
      .where(this.anyOf('x', columns))
      .where('y', '>=', squares.y0 << shift)
      .where('y', '<=', ((squares.y1 + 1) << shift) - 1);
    if (filter.type) query = query.where('type', '=', filter.type);
    if (filter.status) query = query.where('status', '=', filter.status);
    const rows = await query
      .select([
        sql<number>`sum(n)`.as('n'),
        sql<number>`sum(lat_sum)`.as('lat'),
        sql<number>`sum(lon_sum)`.as('lon'),
        sql<number>`sum(id_sum)`.as('id'),
        sql<string | null>`min(status)`.as('status'),
        sql<string | null>`min(since)`.as('since'),
      ])
      .groupBy([gx, gy])
      .execute();
    return rows.map((row) => {
      const n = Number(row.n);
      return cellOf({ ...row, lat: Number(row.lat) / n / COORDINATE_UNITS, lon: Number(row.lon) / n / COORDINATE_UNITS });
    });
  }

  /**
   * `column` is one of the values, given as one parameter whatever their number, so the query's
   * text stays one (PostgreSQL names each text it prepares, up to a bound: docs/decisions/017).
   * Both databases read the index once for each value.
   */
  private anyOf(column: 'x', values: number[]): RawBuilder<SqlBool> {
    return isPostgresDb(this.db) ? sql<SqlBool>`${sql.ref(column)} = any(${values}::integer[])` : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(values)}))`;
  }

  /**
   * The squares read from the cases themselves: a search's (the word index finds its cases), and
   * the answer the kept squares must equal (tests).
   */
  async caseSquaresRead(filter: CaseFilter, view: Viewport, level: number): Promise<GridCell[]> {
    const squares = squaresOf(view, level);
    const rows = await this.openCases(filter)
      .where(inSquares(this.db, CASE_POINT, squares, level))
      .select(squareColumns(CASE_POINT))
      .groupBy(this.squareOf(CASE_POINT, level))
      .execute();
    return rows.map(cellOf);
  }

  /** The newest open cases in the viewport one by one, read by place (cases_open_points). */
  private async casePoints(filter: CaseFilter, view: Viewport): Promise<GridCell[]> {
    const query = this.openCases(filter).where(within(CASE_POINT, view));
    const rows = await query.select(pointColumns(CASE_POINT)).orderBy(sql.ref(CASE_POINT.id), 'desc').limit(POINT_LIMIT).execute();
    return rows.map(cellOf);
  }

  /**
   * The dashboard's filter narrowed to open cases with a point, in the words of cases_open_points'
   * predicate (literals, not parameters: the planners use a partial index only when they see its
   * condition), and for an Admin's 'all' the NGOs one by one, so that index is read by NGO.
   */
  private openCases(filter: CaseFilter) {
    const query = this.cases
      .filtered(filter)
      .where(sql<SqlBool>`cases.status <> 'Released' and cases.death_date is null and cases.release_date is null and cases.capture_latitude is not null and cases.capture_longitude is not null`);
    return filter.scope === 'all' ? query.where(sql<SqlBool>`cases.ngo_id in (select id from ngos)`) : query;
  }

  /** New (untriaged) citizen reports with a point, found by address, pincode or code. Few: read from the table. */
  async reportCells(scope: NgoScope, search: string | undefined, view: Viewport, level: number | null): Promise<GridCell[]> {
    let query = scopedTo(this.db.selectFrom('citizen_reports'), scope).where('status', '=', 'new');
    query = searchedFor(query, ['address', 'pincode', 'code'], search);
    const rows =
      level === null
        ? await query.where(within(REPORT_POINT, view)).select(pointColumns(REPORT_POINT)).orderBy(sql.ref(REPORT_POINT.id), 'desc').limit(POINT_LIMIT).execute()
        : await query
            .where(inSquares(this.db, REPORT_POINT, squaresOf(view, level), level))
            .select(squareColumns(REPORT_POINT))
            .groupBy(this.squareOf(REPORT_POINT, level))
            .execute();
    return rows.map(cellOf);
  }

  /** The grid square of a point: its column and its row. */
  private squareOf(at: PointColumns, level: number): RawBuilder<number>[] {
    return [squareSql(this.db, at.lon, 180, level), squareSql(this.db, at.lat, 90, level)];
  }
}

/** The squares a viewport touches at a level: columns x0..x1, rows y0..y1 (computed as SQL computes a point's). */
interface Squares {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

function squaresOf(view: Viewport, level: number): Squares {
  const size = squareDegrees(level);
  return { x0: Math.floor((view.west + 180) / size), x1: Math.floor((view.east + 180) / size), y0: Math.floor((view.south + 90) / size), y1: Math.floor((view.north + 90) / size) };
}

/**
 * The grid square a coordinate falls in: (value + offset) / size rounded down, as migration 041's
 * triggers compute it. The sum is never negative, so SQLite's cast (which truncates) rounds down as
 * PostgreSQL's floor does.
 */
function squareSql(db: Kysely<DB>, column: string, offset: 180 | 90, level: number): RawBuilder<number> {
  const scaled = sql`(${sql.ref(column)} + ${sql.lit(offset)}) / ${sql.lit(squareDegrees(level))}`;
  return isPostgresDb(db) ? sql<number>`floor(${scaled})` : sql<number>`cast(${scaled} as integer)`;
}

/** The point lies in one of the squares: a range of latitude (for an index), then the squares exactly. */
function inSquares(db: Kysely<DB>, at: PointColumns, squares: Squares, level: number): RawBuilder<SqlBool> {
  const size = squareDegrees(level);
  return sql<SqlBool>`${sql.ref(at.lat)} between ${squares.y0 * size - 90} and ${(squares.y1 + 1) * size - 90}
    and ${sql.ref(at.lon)} between ${squares.x0 * size - 180} and ${(squares.x1 + 1) * size - 180}
    and ${squareSql(db, at.lat, 90, level)} between ${squares.y0} and ${squares.y1}
    and ${squareSql(db, at.lon, 180, level)} between ${squares.x0} and ${squares.x1}`;
}

/** Where a table keeps a point, its id, status (if any) and the date it counts its age from. */
interface PointColumns {
  lat: 'cases.capture_latitude' | 'citizen_reports.latitude';
  lon: 'cases.capture_longitude' | 'citizen_reports.longitude';
  id: 'cases.id' | 'citizen_reports.id';
  status: RawBuilder<unknown>;
  since: RawBuilder<unknown>;
}

const CASE_POINT: PointColumns = { lat: 'cases.capture_latitude', lon: 'cases.capture_longitude', id: 'cases.id', status: sql`cases.status`, since: sql`coalesce(cases.reported_date, cases.created_at)` };
const REPORT_POINT: PointColumns = { lat: 'citizen_reports.latitude', lon: 'citizen_reports.longitude', id: 'citizen_reports.id', status: sql`null`, since: sql`citizen_reports.created_at` };

/** The point lies in the viewport. */
function within(at: PointColumns, view: Viewport): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(at.lat)} between ${view.south} and ${view.north} and ${sql.ref(at.lon)} between ${view.west} and ${view.east}`;
}

/** Each point as a row of its own. */
function pointColumns(at: PointColumns) {
  return [
    sql<number>`1`.as('n'),
    sql<number>`${sql.ref(at.lat)}`.as('lat'),
    sql<number>`${sql.ref(at.lon)}`.as('lon'),
    sql<number>`${sql.ref(at.id)}`.as('id'),
    sql<string | null>`${at.status}`.as('status'),
    sql<string | null>`${at.since}`.as('since'),
  ];
}

/** A square's points as one row: how many, their mean point, and the oldest date among them. */
function squareColumns(at: PointColumns) {
  return [
    sql<number>`count(*)`.as('n'),
    sql<number>`avg(${sql.ref(at.lat)})`.as('lat'),
    sql<number>`avg(${sql.ref(at.lon)})`.as('lon'),
    sql<number>`min(${sql.ref(at.id)})`.as('id'),
    sql<string | null>`min(${at.status})`.as('status'),
    sql<string | null>`min(${at.since})`.as('since'),
  ];
}

/** At the deepest zooms points are sent one by one, the newest first, at most this many. */
export const POINT_LIMIT = 1000;

function cellOf(row: CellRow): GridCell {
  const count = Number(row.n);
  return {
    count,
    latitude: Number(row.lat),
    longitude: Number(row.lon),
    id: count === 1 ? Number(row.id) : null,
    status: count === 1 ? row.status : null,
    since: row.since,
  };
}
