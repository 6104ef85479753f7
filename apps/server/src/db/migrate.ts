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
import * as m009 from './migrations/009-abc-records';
import * as m009b from './migrations/009b-case-timeline-index';
import * as m010 from './migrations/010-shared-instance-state';
import * as m011 from './migrations/011-idempotency-keys';
import * as m012 from './migrations/012-dashboard-tells-cases-apart';
import * as m013 from './migrations/013-report-indexes';
import * as m014 from './migrations/014-case-search-counts';
import * as m015 from './migrations/015-chart-day-index-covering';
import * as m016 from './migrations/016-collar-tag-free-on-release';
import * as m017 from './migrations/017-case-words-longer-prefixes';
import * as m018 from './migrations/018-case-words-delete-markers';
import * as m019 from './migrations/019-idempotency-key-binding';
import * as m020 from './migrations/020-session-end-reason';
import * as m021 from './migrations/021-case-vet-link';
import * as m022 from './migrations/022-case-search-across-scripts';
import * as m023 from './migrations/023-audit-made-at';
import * as m026 from './migrations/026-citizen-reports';
import * as m024 from './migrations/024-personal-data-access';
import * as m025 from './migrations/025-runs';
import * as m027 from './migrations/027-coverage-surveys';
import * as m028 from './migrations/028-stock';
import * as m030 from './migrations/030-retention';
import * as m030b from './migrations/030b-data-requests';
import * as m030c from './migrations/030c-breach-register';
import * as m029 from './migrations/029-notices';
import * as m034 from './migrations/034-two-factor';
import * as m031 from './migrations/031-committee-signatures';
import * as m040 from './migrations/040-case-word-entries';
import * as m032 from './migrations/032-stock-used-on-cases';
import * as m035 from './migrations/035-photo-hashes';
import * as m038 from './migrations/038-two-factor-reset';
import * as m037 from './migrations/037-audit-redaction';
import * as m036 from './migrations/036-report-additions';
import * as m041 from './migrations/041-case-map-squares';
import * as m043 from './migrations/043-report-addition-keys';
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
  '009-abc-records': m009,
  '009b-case-timeline-index': m009b,
  '010-shared-instance-state': m010,
  '011-idempotency-keys': m011,
  '012-dashboard-tells-cases-apart': m012,
  '013-report-indexes': m013,
  '014-case-search-counts': m014,
  '015-chart-day-index-covering': m015,
  '016-collar-tag-free-on-release': m016,
  '017-case-words-longer-prefixes': m017,
  '018-case-words-delete-markers': m018,
  '019-idempotency-key-binding': m019,
  '020-session-end-reason': m020,
  '021-case-vet-link': m021,
  '022-case-search-across-scripts': m022,
  '023-audit-made-at': m023,
  '026-citizen-reports': m026,
  '024-personal-data-access': m024,
  '025-runs': m025,
  '027-coverage-surveys': m027,
  '028-stock': m028,
  '030-retention': m030,
  '030b-data-requests': m030b,
  '030c-breach-register': m030c,
  '029-notices': m029,
  '034-two-factor': m034,
  '031-committee-signatures': m031,
  '040-case-word-entries': m040,
  '032-stock-used-on-cases': m032,
  '035-photo-hashes': m035,
  '038-two-factor-reset': m038,
  '037-audit-redaction': m037,
  '036-report-additions': m036,
  '041-case-map-squares': m041,
  '043-report-addition-keys': m043,
};

/**
 * Brings the database to the latest migration. Several instances may start at once: the start-up
 * lock lets one migrate while the others wait, and then find nothing left to do.
 */
export async function migrateToLatest(db: Kysely<DB>): Promise<void> {
  await withStartupLock(db, () => runMigrations(db));
}

/** How long a start waits for another instance's start-up work before giving up. */
const LOCK_WAIT_MS = 120_000;
/** The PostgreSQL advisory lock key of start-up work ('RDsk'); Kysely's Migrator takes its own inside it. */
const STARTUP_LOCK_KEY = 0x5244_736b;
let lockDepth = 0;

/**
 * Runs start-up work (migrations, then the first-Admin check) while holding a lock that every
 * instance of the same database takes, so two instances starting together do not both migrate or
 * both create an Admin. PostgreSQL: a session advisory lock on one pooled connection, released with
 * it if the process dies. SQLite: an exclusive transaction on a small lock file beside the database
 * (two processes migrating one file at once fail with "table already exists"); SQLite's busy
 * timeout makes the second wait, and the operating system drops the lock if its holder dies. An
 * in-memory database has nobody to share with. Re-entrant within a process.
 */
export async function withStartupLock<T>(db: Kysely<DB>, work: () => Promise<T>): Promise<T> {
  if (lockDepth > 0) return work();
  lockDepth++;
  try {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      return await db.connection().execute(async (connection) => {
        await sql`select set_config('lock_timeout', ${String(LOCK_WAIT_MS)}, false), pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
        try {
          return await work();
        } finally {
          await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
          await sql`reset lock_timeout`.execute(connection);
        }
      });
    }
    const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db);
    const file = rows[0]?.file;
    if (!file) return await work();
    const lock = new SQLite(`${file}-migrate.lock`, { timeout: LOCK_WAIT_MS });
    try {
      lock.exec('BEGIN EXCLUSIVE');
      try {
        return await work();
      } finally {
        lock.exec('ROLLBACK');
      }
    } finally {
      lock.close();
    }
  } finally {
    lockDepth--;
  }
}

async function runMigrations(db: Kysely<DB>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    // Migrations written side by side may land out of number order (009 after 010 had run on some
    // databases); each touches its own tables and columns, so a missing one is simply run.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
