import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { keepRowShapes } from './pg-row-shapes';
import { PreparedPostgresDialect } from './postgres-prepared';
import type { DB } from './schema';
import { GroupCommitSqliteDialect, type GroupCommitStats } from './sqlite-group-commit';
import { SqliteSearchThreads, attachSearchThreads } from './sqlite-search-threads';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  /**
   * After a bulk load (the seeder) or a large import: refreshes the planner's statistics, and on
   * PostgreSQL the visibility map too (VACUUM), without which deep pages cannot be read from the
   * index alone.
   */
  analyze(): Promise<void>;
  /**
   * What a serving process starts before its first request: SQLite's search threads, which take
   * about half a second to load on a 2-core machine. Never fails: a thread that cannot start is
   * logged and left out.
   */
  warmUp(): Promise<void>;
  destroy(): Promise<void>;
  /** SQLite: how many write transactions ran and how many commits they shared (docs/decisions/013). */
  groupCommitStats?: () => GroupCommitStats;
}

interface Logger {
  error(obj: object, msg: string): void;
}

// COUNT(*) and BIGINT come back from pg as strings; every id and count here fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
// Each wide row's empty shape built once, not once a query (pg-row-shapes.ts).
keepRowShapes();

export const SQLITE_FILE_NAME = 'rescuedesk.sqlite';
/** How much of the file the read connection maps (docs/decisions/018). */
const READER_MMAP_BYTES = 2 ** 31;

/**
 * Opens the embedded SQLite file under dataDir, or PostgreSQL when a URL is given. `searchThreads`
 * (SQLite): how many threads may read searches' word index beside the server's thread
 * (docs/decisions/019); 0 or unset: none, this thread reads.
 */
export function createDatabase(options: { databaseUrl?: string | undefined; dataDir: string; log: Logger; searchThreads?: number }): Database {
  if (options.databaseUrl) {
    // A short connect timeout: with PostgreSQL down, callers get a fast 503 instead of a hang.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 2_000 });
    // Without this handler an idle client's error (e.g. PostgreSQL restarting) crashes the process.
    const logError = (err: Error) => options.log.error({ err: { message: err.message, code: (err as { code?: string }).code } }, 'PostgreSQL connection error');
    pool.on('error', logError);
    // A client that is checked out (inside a transaction, between two queries) has no pool
    // listener: without its own, PostgreSQL going away would crash the process.
    pool.on('connect', (client) => client.on('error', logError));
    // Parameterised queries as named prepared statements (postgres-prepared.ts).
    const db = new Kysely<DB>({ dialect: new PreparedPostgresDialect(pool) });
    return {
      db,
      dialect: 'postgres',
      analyze: async () => void (await sql`VACUUM (ANALYZE)`.execute(db)),
      warmUp: async () => {},
      destroy: () => db.destroy(),
    };
  }

  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, SQLITE_FILE_NAME);
  const writer = new SQLite(file);
  writer.pragma('journal_mode = WAL');
  // FULL: an acknowledged write survives a power cut, not only a process crash. Saves that arrive
  // together share one commit, and so one wait for the disk (docs/decisions/013).
  writer.pragma('synchronous = FULL');
  writer.pragma('foreign_keys = ON');
  writer.pragma('busy_timeout = 5000');
  // Reads outside a transaction: in WAL mode they see the last commit and never wait for a batch.
  const reader = new SQLite(file);
  reader.pragma('query_only = ON');
  reader.pragma('busy_timeout = 5000');
  // Reads through a memory map of the file instead of read() calls into SQLite's page cache: a new
  // search's page of 50 wide rows read at random costs about a third less (docs/decisions/018).
  // SQLite caps it at its build's limit (2 GB here); pages past it are read as before. The write
  // connection keeps plain I/O.
  reader.pragma(`mmap_size = ${READER_MMAP_BYTES}`);
  const dialect = new GroupCommitSqliteDialect(writer, reader);
  const db = new Kysely<DB>({ dialect });
  const searchThreads = options.searchThreads ? new SqliteSearchThreads({ file, mmapBytes: READER_MMAP_BYTES }, options.searchThreads, options.log) : undefined;
  if (searchThreads) attachSearchThreads(db, searchThreads);
  return {
    db,
    dialect: 'sqlite',
    analyze: async () => void writer.exec('ANALYZE'),
    warmUp: async () => searchThreads?.prestart(),
    destroy: async () => {
      await searchThreads?.close();
      await db.destroy();
    },
    groupCommitStats: () => dialect.driver.stats,
  };
}
