import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers';

/**
 * The map's clusters without reading every case in view (docs/decisions/034).
 *
 * case_map_squares holds, for every NGO, type and status, the open cases with a capture point
 * (not deleted, not Released, no death or release date) counted per square of the map's grid
 * (modules/map: a square at zoom z is 360 / 2^z / 4 degrees, on a grid fixed to the world) at the
 * levels MAP_LEVELS. A square of level L is column x = floor((longitude + 180) / size), row
 * y = floor((latitude + 90) / size); a finer level's square lies in one square of each coarser
 * level (x >> levels apart), so a view is answered from the nearest stored level at or below it.
 *
 * Each row keeps the count, the sums of the points' coordinates (as whole 1e-7 degrees, so a
 * removal takes away exactly what its insertion added), the sum of their ids (the id of a lone
 * point) and `since`, the oldest coalesce(reported_date, created_at) among them. A removal that
 * took the oldest recomputes it: the finest level from the cases in its square (cases_open_points),
 * a coarser level from its squares one stored level finer.
 *
 * Triggers keep the table in the transaction of every write of a case that changes its NGO, type,
 * status, point, dates or deletion; other saves do not touch it. The table is filled from the
 * open cases a range of ids at a time.
 */

/** The zoom levels kept: every other one up to 17, from which points come one by one (modules/map). */
export const MAP_LEVELS = [17, 15, 13, 11, 9, 7] as const;
export const FINEST_LEVEL = 17;
/** A square's side in degrees at a zoom (the map service's squares: four to a 256-pixel tile). */
export const squareDegrees = (level: number): number => 360 / 2 ** level / 4;
/** Coordinates are summed as whole units of 1e-7 degrees (about a centimetre). */
export const COORDINATE_UNITS = 10_000_000;
/** Cases read a range of ids at a time while the table is filled. */
const FILL_BATCH = 100_000;

type Row = 'NEW.' | 'OLD.' | 'c.' | '';

/** A case counts on the map: live, not closed, with a capture point. Written as the index's predicate is. */
export function openPointSql(row: Row): string {
  return `${row}deleted_at IS NULL AND ${row}status <> 'Released' AND ${row}death_date IS NULL AND ${row}release_date IS NULL AND ${row}capture_latitude IS NOT NULL AND ${row}capture_longitude IS NOT NULL`;
}

/** The column (longitude) or row (latitude) of a coordinate's square at a level, as the map service computes it. */
export function squareSql(postgres: boolean, column: string, offset: 180 | 90, level: number): string {
  const scaled = `(${column} + ${offset}) / ${squareDegrees(level)}`;
  return postgres ? `floor(${scaled})::integer` : `cast(${scaled} as integer)`;
}

function unitsSql(postgres: boolean, column: string): string {
  return postgres ? `round(${column} * ${COORDINATE_UNITS})::bigint` : `cast(round(${column} * ${COORDINATE_UNITS}) as integer)`;
}

const sinceSql = (row: Row) => `coalesce(${row}reported_date, ${row}created_at)`;

/** The stored levels as a one-column table `l(level)`. */
const levelsSql = `(${MAP_LEVELS.map((level, i) => (i === 0 ? `SELECT ${level} AS level` : `SELECT ${level}`)).join(' UNION ALL ')}) l`;

/**
 * Adds the open cases of `from` (rows with the case's columns; `where` narrows them) to every
 * stored level, one row per square: an upsert that adds counts and sums and keeps the older date.
 */
function addSql(postgres: boolean, from: string, where: string): string {
  const x = squareSql(postgres, 'capture_longitude', 180, FINEST_LEVEL);
  const y = squareSql(postgres, 'capture_latitude', 90, FINEST_LEVEL);
  const older = postgres ? 'LEAST(case_map_squares.since, excluded.since)' : 'min(since, excluded.since)';
  return `INSERT INTO case_map_squares (ngo_id, level, x, y, type, status, n, lat_sum, lon_sum, id_sum, since)
    SELECT p.ngo_id, l.level, p.x >> (${FINEST_LEVEL} - l.level), p.y >> (${FINEST_LEVEL} - l.level), p.type, p.status,
      count(*), sum(p.lat), sum(p.lon), sum(p.id), min(p.since)
    FROM (SELECT ngo_id, type, status, id, ${x} AS x, ${y} AS y, ${unitsSql(postgres, 'capture_latitude')} AS lat,
      ${unitsSql(postgres, 'capture_longitude')} AS lon, ${sinceSql('')} AS since FROM ${from} WHERE ${where}) p, ${levelsSql}
    WHERE true
    GROUP BY p.ngo_id, l.level, p.x >> (${FINEST_LEVEL} - l.level), p.y >> (${FINEST_LEVEL} - l.level), p.type, p.status
    ON CONFLICT (ngo_id, level, x, y, type, status) DO UPDATE SET n = case_map_squares.n + excluded.n,
      lat_sum = case_map_squares.lat_sum + excluded.lat_sum, lon_sum = case_map_squares.lon_sum + excluded.lon_sum,
      id_sum = case_map_squares.id_sum + excluded.id_sum, since = ${older};`;
}

/**
 * Takes the case OLD out of its square at one level, then drops the square if it is empty. The
 * oldest date is recomputed only when the case may have held it: at the finest level from the
 * open cases in the square, at a coarser one from its squares one stored level finer (already
 * updated: the levels are taken finest first).
 */
function removeSql(postgres: boolean, level: number, finer: number | undefined): string {
  const shift = FINEST_LEVEL - level;
  const x = `${squareSql(postgres, 'OLD.capture_longitude', 180, FINEST_LEVEL)} >> ${shift}`;
  const y = `${squareSql(postgres, 'OLD.capture_latitude', 90, FINEST_LEVEL)} >> ${shift}`;
  const key = `ngo_id = OLD.ngo_id AND level = ${level} AND x = ${x} AND y = ${y} AND type = OLD.type AND status = OLD.status`;
  const size = squareDegrees(level);
  const recomputed =
    finer === undefined
      ? // Read by cases_open_points: the NGO's open cases in the square's band of latitude, and of
        // those only the ones in the square's longitudes are read from the table.
        `SELECT min(${sinceSql('c.')}) FROM cases c WHERE c.ngo_id = OLD.ngo_id AND ${openPointSql('c.')}
          AND c.capture_latitude >= case_map_squares.y * ${size} - 90 - 1e-9 AND c.capture_latitude <= (case_map_squares.y + 1) * ${size} - 90 + 1e-9
          AND c.capture_longitude >= case_map_squares.x * ${size} - 180 - 1e-9 AND c.capture_longitude <= (case_map_squares.x + 1) * ${size} - 180 + 1e-9
          AND ${squareSql(postgres, 'c.capture_latitude', 90, level)} = case_map_squares.y AND ${squareSql(postgres, 'c.capture_longitude', 180, level)} = case_map_squares.x
          AND c.type = OLD.type AND c.status = OLD.status`
      : `SELECT min(f.since) FROM case_map_squares f WHERE f.ngo_id = OLD.ngo_id AND f.level = ${finer}
          AND f.x IN (${childrenSql('case_map_squares.x', finer - level)}) AND f.y BETWEEN case_map_squares.y * ${2 ** (finer - level)} AND case_map_squares.y * ${2 ** (finer - level)} + ${2 ** (finer - level) - 1}
          AND f.type = OLD.type AND f.status = OLD.status`;
  return `UPDATE case_map_squares SET n = n - 1, lat_sum = lat_sum - ${unitsSql(postgres, 'OLD.capture_latitude')},
      lon_sum = lon_sum - ${unitsSql(postgres, 'OLD.capture_longitude')}, id_sum = id_sum - OLD.id,
      since = CASE WHEN since < ${sinceSql('OLD.')} THEN since ELSE (${recomputed}) END
    WHERE ${key} AND ${openPointSql('OLD.')};
    DELETE FROM case_map_squares WHERE ${key} AND n = 0;`;
}

/** The columns of a square's children `levels` levels finer, as a list (read by key, not as a range). */
function childrenSql(column: string, levels: number): string {
  const k = 2 ** levels;
  return Array.from({ length: k }, (_, i) => `${column} * ${k} + ${i}`).join(', ');
}

/** Every level's removal, finest first. */
function removeAllSql(postgres: boolean): string {
  return MAP_LEVELS.map((level, i) => removeSql(postgres, level, MAP_LEVELS[i - 1])).join('\n');
}

/** What moves a case on the map. */
const MAP_COLUMNS = ['ngo_id', 'type', 'status', 'capture_latitude', 'capture_longitude', 'death_date', 'release_date', 'deleted_at', 'reported_date', 'created_at'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const bigint = postgres ? 'bigint' : 'integer';
  // SQLite runs a migration outside a transaction: one stopped midway (a start given too little
  // time for the fill) leaves its table, index and triggers, so it begins by removing them.
  for (const trigger of ['case_map_squares_insert', 'case_map_squares_update', 'case_map_squares_delete']) {
    await sql.raw(postgres ? `DROP TRIGGER IF EXISTS ${trigger} ON cases` : `DROP TRIGGER IF EXISTS ${trigger}`).execute(db);
  }
  await sql.raw('DROP TABLE IF EXISTS case_map_squares').execute(db);
  await sql.raw('DROP INDEX IF EXISTS cases_open_points').execute(db);
  await sql.raw(`CREATE TABLE case_map_squares (
    ngo_id integer NOT NULL,
    level integer NOT NULL,
    x integer NOT NULL,
    y integer NOT NULL,
    type text NOT NULL,
    status text NOT NULL,
    n integer NOT NULL,
    lat_sum ${bigint} NOT NULL,
    lon_sum ${bigint} NOT NULL,
    id_sum ${bigint} NOT NULL,
    since text,
    PRIMARY KEY (ngo_id, level, x, y, type, status))${postgres ? '' : ' WITHOUT ROWID'}`).execute(db);
  // The open cases with a point, by NGO and place: a square's oldest date is recomputed from it,
  // and the map's single points (zoom 17 and closer) are read from it by range.
  await sql.raw(`CREATE INDEX cases_open_points ON cases (ngo_id, capture_latitude, capture_longitude) WHERE ${openPointSql('')}`).execute(db);

  const changed = MAP_COLUMNS.map((c) => (postgres ? `OLD.${c} IS DISTINCT FROM NEW.${c}` : `OLD.${c} IS NOT NEW.${c}`)).join(' OR ');
  if (postgres) {
    await sql.raw(`CREATE OR REPLACE FUNCTION case_map_squares_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${addSql(true, 'new_cases', openPointSql(''))}
        RETURN NULL;
      END $$`).execute(db);
    await sql.raw(`CREATE OR REPLACE FUNCTION case_map_squares_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF ${openPointSql('OLD.')} THEN
          ${removeAllSql(true)}
        END IF;
        IF TG_OP = 'UPDATE' AND ${openPointSql('NEW.')} THEN
          ${addSql(true, '(SELECT NEW.*) AS n', 'true')}
        END IF;
        RETURN NULL;
      END $$`).execute(db);
    await sql.raw(`CREATE TRIGGER case_map_squares_insert AFTER INSERT ON cases REFERENCING NEW TABLE AS new_cases
      FOR EACH STATEMENT EXECUTE FUNCTION case_map_squares_insert()`).execute(db);
    await sql.raw(`CREATE TRIGGER case_map_squares_update AFTER UPDATE ON cases FOR EACH ROW WHEN (${changed})
      EXECUTE FUNCTION case_map_squares_change()`).execute(db);
    await sql.raw(`CREATE TRIGGER case_map_squares_delete AFTER DELETE ON cases FOR EACH ROW WHEN (${openPointSql('OLD.')})
      EXECUTE FUNCTION case_map_squares_change()`).execute(db);
  } else {
    const addNew = addSql(false, '(SELECT NEW.ngo_id AS ngo_id, NEW.type AS type, NEW.status AS status, NEW.id AS id, NEW.capture_latitude AS capture_latitude, NEW.capture_longitude AS capture_longitude, NEW.reported_date AS reported_date, NEW.created_at AS created_at)', 'true');
    await sql.raw(`CREATE TRIGGER case_map_squares_insert AFTER INSERT ON cases WHEN ${openPointSql('NEW.')} BEGIN ${addNew} END`).execute(db);
    await sql.raw(`CREATE TRIGGER case_map_squares_delete AFTER DELETE ON cases WHEN ${openPointSql('OLD.')} BEGIN ${removeAllSql(false)} END`).execute(db);
    const addIfOpen = addSql(
      false,
      `(SELECT NEW.ngo_id AS ngo_id, NEW.type AS type, NEW.status AS status, NEW.id AS id, NEW.capture_latitude AS capture_latitude, NEW.capture_longitude AS capture_longitude, NEW.reported_date AS reported_date, NEW.created_at AS created_at WHERE ${openPointSql('NEW.')})`,
      'true',
    );
    await sql.raw(`CREATE TRIGGER case_map_squares_update AFTER UPDATE OF ${MAP_COLUMNS.join(', ')} ON cases WHEN ${changed}
      BEGIN ${removeAllSql(false)} ${addIfOpen} END`).execute(db);
  }

  await fillCaseMapSquares(db);
}

/** Adds every open case to the squares, `batch` ids at a time (the table is empty before). */
export async function fillCaseMapSquares<S>(db: Kysely<S>, batch = FILL_BATCH): Promise<void> {
  const postgres = isPostgres(db as Kysely<unknown>);
  const { rows } = await sql<{ last: number | null }>`SELECT max(id) AS last FROM cases`.execute(db);
  const last = Number(rows[0]?.last ?? 0);
  for (let from = 0; from <= last; from += batch) {
    await sql.raw(addSql(postgres, 'cases', `${openPointSql('')} AND id > ${from} AND id <= ${from + batch}`)).execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('041-case-map-squares cannot be reverted: restore from a backup instead.');
}
