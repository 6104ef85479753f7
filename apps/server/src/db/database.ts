import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteStatement, sql } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

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
  destroy(): Promise<void>;
}

interface Logger {
  error(obj: object, msg: string): void;
}

// COUNT(*) and BIGINT come back from pg as strings; every id and count here fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export const SQLITE_FILE_NAME = 'rescuedesk.sqlite';

/** Opens the embedded SQLite file under dataDir, or PostgreSQL when a URL is given. */
export function createDatabase(options: { databaseUrl?: string | undefined; dataDir: string; log: Logger }): Database {
  if (options.databaseUrl) {
    // A short connect timeout: with PostgreSQL down, callers get a fast 503 instead of a hang.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 2_000 });
    // Without this handler an idle client's error (e.g. PostgreSQL restarting) crashes the process.
    const logError = (err: Error) => options.log.error({ err: { message: err.message, code: (err as { code?: string }).code } }, 'PostgreSQL connection error');
    pool.on('error', logError);
    // A client that is checked out (inside a transaction, between two queries) has no pool
    // listener: without its own, PostgreSQL going away would crash the process.
    pool.on('connect', (client) => client.on('error', logError));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', analyze: async () => void (await sql`VACUUM (ANALYZE)`.execute(db)), destroy: () => db.destroy() };
  }

  fs.mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(options.dataDir, SQLITE_FILE_NAME));
  sqlite.pragma('journal_mode = WAL');
  // FULL: an acknowledged write survives a power cut, not only a process crash.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', analyze: async () => void sqlite.exec('ANALYZE'), destroy: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; compiling SQL is a good share of a small query's cost in
 * SQLite. The app sends a few hundred distinct statements, so prepared ones are kept and reused
 * (better-sqlite3 statements are reusable, and Kysely runs them synchronously, one at a time).
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  const rollback = sqlite.prepare('rollback');
  const rollbackIfOpen: SqliteStatement = {
    reader: false,
    all: () => [],
    iterate: () => [][Symbol.iterator](),
    run: () => (sqlite.inTransaction ? rollback.run() : { changes: 0, lastInsertRowid: 0 }),
  };
  return {
    close: () => sqlite.close(),
    prepare: (sql: string): SqliteStatement => {
      // SQLite rolls a transaction back by itself when a write fails for a full disk or an I/O
      // error; Kysely's ROLLBACK after that would fail too and hide the real error behind
      // "cannot rollback - no transaction is active". Roll back only what is still open.
      if (sql === 'rollback') return rollbackIfOpen;
      let statement = cache.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}
