import SQLite from 'better-sqlite3';
import { type Kysely, type Migration, Migrator, PostgresAdapter, sql } from 'kysely';
import * as m001 from './migrations/001-initial';
import * as m002 from './migrations/002-directory';
import * as m003 from './migrations/003-cases';
import * as m004 from './migrations/004-case-idempotency';
import * as m005 from './migrations/005-case-search-and-counts';
import * as m006 from './migrations/006-case-word-search';
import * as m007 from './migrations/007-case-list-versions';
import * as m008 from './migrations/008-user-language';
import * as m010 from './migrations/010-shared-instance-state';
import type { DB } from './schema';

/** Migrations are listed here, in order, so a bundled or compiled server finds them without reading a folder. */
const MIGRATIONS: Record<string, Migration> = {
  '001-initial': m001,
  '002-directory': m002,
  '003-cases': m003,
  '004-case-idempotency': m004,
  '005-case-search-and-counts': m005,
  '006-case-word-search': m006,
  '007-case-list-versions': m007,
  '008-user-language': m008,
  '010-shared-instance-state': m010,
};

/**
 * Brings the database to the latest migration. Several instances may start at once, so only one
 * migrates at a time and the others then find nothing left to do: on PostgreSQL Kysely's Migrator
 * holds an advisory lock (pg_advisory_lock) around the run; on SQLite, whose Migrator takes no
 * lock, see withSqliteMigrationLock.
 */
export async function migrateToLatest(db: Kysely<DB>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return runMigrations(db);
  return withSqliteMigrationLock(db, () => runMigrations(db));
}

/** How long a start waits for another process's migration before giving up. */
const SQLITE_LOCK_WAIT_MS = 120_000;

/**
 * SQLite: two processes migrating one file at once fail ("table already exists"), because each
 * reads the migration list before the other commits. Each holds an exclusive transaction on a
 * small lock file beside the database while it migrates; SQLite's busy timeout makes the second
 * wait for the first, and the operating system drops the lock if its holder dies. An in-memory
 * database has nobody to share with.
 */
async function withSqliteMigrationLock(db: Kysely<DB>, work: () => Promise<void>): Promise<void> {
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db);
  const file = rows[0]?.file;
  if (!file) return work();
  const lock = new SQLite(`${file}-migrate.lock`, { timeout: SQLITE_LOCK_WAIT_MS });
  try {
    lock.exec('BEGIN EXCLUSIVE');
    try {
      await work();
    } finally {
      lock.exec('ROLLBACK');
    }
  } finally {
    lock.close();
  }
}

async function runMigrations(db: Kysely<DB>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
