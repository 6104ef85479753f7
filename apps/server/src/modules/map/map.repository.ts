import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { isPostgresDb } from '../../db/case-search';
import { searchedFor } from '../../db/listing';
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
 * The map's markers (docs/product.md#the-map): the points of a viewport grouped on a grid of
 * `cell`-degree squares in SQL that SQLite and PostgreSQL both run, so an answer holds at most one
 * marker per square whatever the number of cases.
 */
export class MapRepository {
  private readonly cases: CaseRepository;

  constructor(private readonly db: Kysely<DB>) {
    this.cases = new CaseRepository(db);
  }

  /** Open cases of the dashboard's filter (not released, no death or release date) at their capture point. */
  async caseCells(filter: CaseFilter, view: Viewport, cell: number | null): Promise<GridCell[]> {
    const at: PointColumns = { lat: 'cases.capture_latitude', lon: 'cases.capture_longitude', id: 'cases.id', status: sql`cases.status`, since: sql`coalesce(cases.reported_date, cases.created_at)` };
    const query = this.cases
      .filtered(filter)
      .where('cases.status', '!=', 'Released')
      .where('cases.death_date', 'is', null)
      .where('cases.release_date', 'is', null)
      .where(within(at, view));
    const rows =
      cell === null
        ? await query.select(pointColumns(at)).orderBy(sql.ref(at.id), 'desc').limit(POINT_LIMIT).execute()
        : await query.select(squareColumns(at)).groupBy(this.squareOf(at, cell)).execute();
    return rows.map(cellOf);
  }

  /** New (untriaged) citizen reports with a point, found by address, pincode or code. */
  async reportCells(scope: NgoScope, search: string | undefined, view: Viewport, cell: number | null): Promise<GridCell[]> {
    const at: PointColumns = { lat: 'citizen_reports.latitude', lon: 'citizen_reports.longitude', id: 'citizen_reports.id', status: sql`null`, since: sql`citizen_reports.created_at` };
    let query = scopedTo(this.db.selectFrom('citizen_reports'), scope)
      .where('status', '=', 'new')
      .where(within(at, view));
    query = searchedFor(query, ['address', 'pincode', 'code'], search);
    const rows =
      cell === null
        ? await query.select(pointColumns(at)).orderBy(sql.ref(at.id), 'desc').limit(POINT_LIMIT).execute()
        : await query.select(squareColumns(at)).groupBy(this.squareOf(at, cell)).execute();
    return rows.map(cellOf);
  }

  /** The grid square of a point: its column and its row. */
  private squareOf(at: PointColumns, cell: number): RawBuilder<number>[] {
    return [this.square(at.lon, 180, cell), this.square(at.lat, 90, cell)];
  }

  /**
   * The grid square a coordinate falls in: (value + offset) / cell rounded down. The sum is never
   * negative, so SQLite's cast (which truncates) rounds down as PostgreSQL's floor does.
   */
  private square(column: string, offset: number, cell: number): RawBuilder<number> {
    const scaled = sql`(${sql.ref(column)} + ${sql.lit(offset)}) / ${sql.lit(cell)}`;
    return isPostgresDb(this.db) ? sql<number>`floor(${scaled})` : sql<number>`cast(${scaled} as integer)`;
  }
}

/** Where a table keeps a point, its id, status (if any) and the date it counts its age from. */
interface PointColumns {
  lat: 'cases.capture_latitude' | 'citizen_reports.latitude';
  lon: 'cases.capture_longitude' | 'citizen_reports.longitude';
  id: 'cases.id' | 'citizen_reports.id';
  status: RawBuilder<unknown>;
  since: RawBuilder<unknown>;
}

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
