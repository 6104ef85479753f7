/**
 * The seeder's bulk path on PostgreSQL: cases, their post-operative days and their timeline
 * entries streamed with COPY (pg-copy-streams) in one transaction. The cases table's row-by-row
 * insert triggers are switched off while the rows arrive; what they keep (the counts per status,
 * the list versions) is written afterwards in one statement each, for exactly the cases loaded.
 * Statement triggers (the word entries of 040, the map's squares of 041) stay on: they run once a
 * COPY, over its rows, while the seeder makes the next ones. Nobody else can write a case
 * meanwhile (ALTER TABLE ... DISABLE TRIGGER locks the table against writes until the commit) and
 * nothing is seen half-loaded: an interrupted seed leaves the database as it was.
 *
 * Row-by-row triggers are what made a large seed slow: every case added a row version to its NGO's
 * counter and list-version rows inside one transaction. And the word entries went into a b-tree far
 * larger than memory, in random order: into an empty table they go without it, and one sort builds
 * it at the end.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as yieldToIo } from 'node:timers/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** For the word table's key build: the server's maintenance_work_mem is often the default 64 MB. */
const KEY_BUILD_MEMORY = '1GB';

export type CopyTable = 'cases' | 'case_post_op_days' | 'audit_log';
type Row = Record<string, unknown>;

/**
 * The row-level insert triggers on cases switched off for the load, and how their work is redone
 * for the loaded cases. One not listed here stops the bulk path: it would keep its table a row at
 * a time, or miss the rows.
 */
const REBUILT_AFTER_LOAD: Readonly<Record<string, (firstId: number) => string>> = {
  cases_count_insert_delete: (firstId) =>
    `INSERT INTO case_counts (ngo_id, type, status, n)
       SELECT ngo_id, type, status, count(*) FROM cases WHERE id >= ${firstId} AND deleted_at IS NULL GROUP BY ngo_id, type, status
     ON CONFLICT (ngo_id, type, status) DO UPDATE SET n = case_counts.n + excluded.n`,
  // The trigger bumps an NGO's version once a case.
  case_list_versions_insert_delete: (firstId) =>
    `INSERT INTO case_list_versions (ngo_id, version)
       SELECT ngo_id, count(*) FROM cases WHERE id >= ${firstId} GROUP BY ngo_id
     ON CONFLICT (ngo_id) DO UPDATE SET version = case_list_versions.version + excluded.version`,
};

/** One value in COPY's text format: \N for NULL; backslash, tab, newline and carriage return escaped. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  // pg sends a bound number as its JavaScript text too, so the stored values are the same.
  const text = String(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r')) : text;
}

/** A column the rows may leave out: its default, read once from the database (constants only, as DEFAULT would give). */
interface Column {
  name: string;
  fallback: string;
}

export interface BulkLoad {
  /** The first of the ids taken for the cases to load, one after another. */
  firstCaseId: number;
  /**
   * One row as a line of COPY's text for the table: the layers' columns, a later layer's over an
   * earlier one's (as {...a, ...b}); a column none has, or undefined: the column's default.
   */
  line(table: CopyTable, ...layers: Row[]): string;
  /** Streams text lines into the table; each piece is written before the next is asked for. */
  copy(table: CopyTable, pieces: AsyncIterable<string> | Iterable<string>): Promise<number>;
  /** Writes the derived rows of the loaded cases, switches the triggers back on and commits. */
  finish(): Promise<void>;
  /** Rolls everything back. */
  abort(): Promise<void>;
  end(): Promise<void>;
}

/** Opens the load of `cases` new cases: their ids are taken from the identity sequence at once. */
export async function openBulkLoad(databaseUrl: string, cases: number): Promise<BulkLoad> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // Without a listener an error on the idle connection would end the process unexplained.
  client.on('error', (err) => console.error('seed: PostgreSQL connection error', err.message));
  await client.connect();
  const columns = new Map<CopyTable, { list: Column[]; known: Set<string> }>();
  // Cases come with the ids reserved for them (their days and timeline entries name them); the others take theirs from their sequence.
  for (const table of ['cases', 'case_post_op_days', 'audit_log'] as const) {
    const list = await columnsOf(client, table, table === 'cases');
    columns.set(table, { list, known: new Set(list.map((c) => c.name)) });
  }

  // tgtype: bit 0 a row-level trigger, bit 2 an insert trigger (pg_trigger.h).
  const { rows: found } = await client.query<{ name: string; row_level: boolean }>(
    `SELECT tgname AS name, (tgtype & 1) <> 0 AS row_level FROM pg_trigger
      WHERE tgrelid = 'cases'::regclass AND NOT tgisinternal AND tgenabled <> 'D' AND (tgtype & 4) <> 0 ORDER BY tgname`,
  );
  const unknown = found.filter((t) => t.row_level && !(t.name in REBUILT_AFTER_LOAD)).map((t) => t.name);
  if (unknown.length > 0) throw new Error(`seed: the bulk path does not know what the trigger(s) ${unknown.join(', ')} on cases keep; run with --method insert, or teach seed-postgres-copy.ts`);
  const triggers = found.filter((t) => t.row_level);

  await client.query('BEGIN');
  // Locks the table against other writers until the commit (SHARE ROW EXCLUSIVE): readers go on.
  for (const { name } of triggers) await client.query(`ALTER TABLE cases DISABLE TRIGGER ${name}`);
  // Nobody else can add a case now, so the ids from the sequence's next value on are the loaded
  // cases' (their days and timeline entries name them; no query while a COPY streams).
  const { rows: next } = await client.query<{ id: string }>(`SELECT nextval(pg_get_serial_sequence('cases', 'id')) AS id`);
  const firstId = Number(next[0]!.id);
  if (cases > 1) await client.query(`SELECT setval(pg_get_serial_sequence('cases', 'id'), $1)`, [firstId + cases - 1]);
  // An empty word table is filled before its key is built (one sort instead of a b-tree insert a word).
  const { rows: words } = await client.query<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM case_word_entries) AS empty');
  const wordKey = words[0]!.empty ? await dropWordKey(client) : null;

  return {
    firstCaseId: firstId,
    line(table, ...layers) {
      const { list, known } = columns.get(table)!;
      for (const layer of layers) for (const key in layer) if (!known.has(key)) throw new Error(`seed: ${table} has no column ${key}`);
      const values: string[] = new Array<string>(list.length);
      for (let i = 0; i < list.length; i++) {
        const name = list[i]!.name;
        let value: unknown;
        for (let k = layers.length - 1; k >= 0; k--) {
          if (name in layers[k]!) {
            value = layers[k]![name];
            break;
          }
        }
        values[i] = value === undefined ? list[i]!.fallback : copyText(value);
      }
      return `${values.join('\t')}\n`;
    },
    async copy(table, pieces) {
      const { list } = columns.get(table)!;
      const stream = client.query(copyFrom(`COPY ${table} (${list.map((c) => c.name).join(', ')}) FROM STDIN`));
      async function* text(): AsyncGenerator<string> {
        for await (const piece of pieces) {
          yield piece;
          // Lets the socket take what is written while the next piece is made (PostgreSQL works meanwhile).
          await yieldToIo();
        }
      }
      await pipeline(Readable.from(text(), { objectMode: false }), stream);
      return stream.rowCount;
    },
    async finish() {
      for (const { name } of triggers) await client.query(REBUILT_AFTER_LOAD[name]!(firstId));
      if (wordKey) {
        // The key's sort may use the memory of a maintenance job (for this statement only).
        await client.query(`SET LOCAL maintenance_work_mem = '${KEY_BUILD_MEMORY}'`);
        await client.query(wordKey);
      }
      for (const { name } of triggers) await client.query(`ALTER TABLE cases ENABLE TRIGGER ${name}`);
      await client.query('COMMIT');
    },
    async abort() {
      await client.query('ROLLBACK');
    },
    async end() {
      await client.end();
    },
  };
}

/** The table's columns (its generated id only if asked), each with what a row that leaves it out stores. */
async function columnsOf(client: pg.Client, table: CopyTable, withId: boolean): Promise<Column[]> {
  const { rows } = await client.query<{ name: string; fallback: string | null; has_default: boolean }>(
    `SELECT column_name AS name, column_default IS NOT NULL AS has_default, column_default AS fallback
       FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND ($2 OR column_name <> 'id') ORDER BY ordinal_position`,
    [table, withId],
  );
  const result: Column[] = [];
  for (const row of rows) {
    if (!row.has_default || row.name === 'id') {
      result.push({ name: row.name, fallback: '\\N' });
      continue;
    }
    // A constant default ('[]'::text, 0) is evaluated once; a volatile one would differ row by row.
    if (/\(/.test(row.fallback!.replace(/::[a-z ]+/g, ''))) throw new Error(`seed: ${table}.${row.name} defaults to ${row.fallback}, which COPY cannot repeat`);
    const { rows: value } = await client.query<{ v: unknown }>(`SELECT (${row.fallback})::text AS v`);
    result.push({ name: row.name, fallback: copyText(value[0]!.v) });
  }
  return result;
}

/** Drops the word table's key and returns the statement that builds it again as it was. */
async function dropWordKey(client: pg.Client): Promise<string | null> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conrelid = 'case_word_entries'::regclass AND contype = 'p'`,
  );
  const key = rows[0];
  if (!key) return null;
  await client.query(`ALTER TABLE case_word_entries DROP CONSTRAINT ${key.name}`);
  return `ALTER TABLE case_word_entries ADD CONSTRAINT ${key.name} ${key.definition}`;
}

/** The database's size and its largest tables (with their indexes), for the seeder's last lines. */
export async function databaseSizes(databaseUrl: string, top = 8): Promise<{ database: number; tables: Array<{ table: string; total: number; indexes: number }> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: size } = await client.query<{ bytes: string }>('SELECT pg_database_size(current_database()) AS bytes');
    const { rows } = await client.query<{ table: string; total: string; indexes: string }>(
      `SELECT c.relname AS table, pg_total_relation_size(c.oid) AS total, pg_indexes_size(c.oid) AS indexes
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind = 'r' AND n.nspname = current_schema() ORDER BY pg_total_relation_size(c.oid) DESC LIMIT $1`,
      [top],
    );
    return { database: Number(size[0]!.bytes), tables: rows.map((r) => ({ table: r.table, total: Number(r.total), indexes: Number(r.indexes) })) };
  } finally {
    await client.end();
  }
}
