import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SQLITE_FILE_NAME, createDatabase, type Database } from './database';
import { SharedCommitLostError } from './sqlite-group-commit';

/**
 * Group commit (docs/decisions/013): SQLite-only machinery, tested on a SQLite file of its own in
 * both API projects. `saves` is a table of this test; `observer` is a separate connection to the
 * same file, which sees only what is committed.
 */
interface TestDb {
  saves: { id: number; label: string };
}

let dataDir: string;
let database: Database;
let db: Kysely<TestDb>;
let observer: SQLite.Database;

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rescuedesk-group-commit-'));
  database = createDatabase({ dataDir, log: { error: () => {} } });
  db = database.db as unknown as Kysely<TestDb>; // this test's own table, not the app's schema
  await sql`CREATE TABLE saves (id integer PRIMARY KEY, label text NOT NULL)`.execute(db);
  observer = new SQLite(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
});

afterEach(async () => {
  observer.close();
  await database.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** What another connection sees: only committed rows. */
function committedIds(): number[] {
  return (observer.prepare('SELECT id FROM saves ORDER BY id').all() as Array<{ id: number }>).map((r) => r.id);
}

/** A save as a request makes it: a transaction of a few statements with awaits between them. */
async function save(id: number, options: { failAfterWrite?: boolean } = {}): Promise<{ id: number; seenCommitted: boolean }> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('saves').values({ id, label: `save ${id}` }).execute();
    await trx.selectFrom('saves').select('id').where('id', '=', id).executeTakeFirstOrThrow();
    if (options.failAfterWrite) throw new Error(`save ${id} refused by its own rule`);
    await trx.updateTable('saves').set({ label: `save ${id}, checked` }).where('id', '=', id).execute();
  });
  // Acknowledged: at this moment another connection must already see the row.
  return { id, seenCommitted: committedIds().includes(id) };
}

describe('group commit on SQLite', () => {
  it('acknowledges each of 50 concurrent saves only once it is committed, and they share commits', async () => {
    const before = database.groupCommitStats?.();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => save(i + 1)));
    expect(results.every((r) => r.seenCommitted)).toBe(true);
    expect(committedIds()).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const labels = observer.prepare("SELECT count(*) AS n FROM saves WHERE label LIKE '%, checked'").get() as { n: number };
    expect(labels.n).toBe(50);
    const after = database.groupCommitStats?.();
    expect(after && before).toBeTruthy();
    const units = after!.units - before!.units;
    const batches = after!.batches - before!.batches;
    expect(units).toBe(50);
    expect(batches).toBeLessThan(units);
  });

  it('undoes a failing save alone: the others in its commit are stored and hear nothing of its error', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => save(i + 1, { failAfterWrite: (i + 1) % 5 === 0 })));
    outcomes.forEach((outcome, i) => {
      const id = i + 1;
      if (id % 5 === 0) {
        expect(outcome.status).toBe('rejected');
        expect((outcome as PromiseRejectedResult).reason.message).toBe(`save ${id} refused by its own rule`);
      } else {
        expect(outcome).toEqual({ status: 'fulfilled', value: { id, seenCommitted: true } });
      }
    });
    expect(committedIds()).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 11, 12, 13, 14, 16, 17, 18, 19]);
  });

  it('tells the loser of a race its constraint error only once the winner is committed, so it can read the winner', async () => {
    let loserSawWinner: boolean | undefined;
    const winner = save(7);
    const loser = save(7).catch((err: unknown) => {
      loserSawWinner = committedIds().includes(7);
      throw err;
    });
    await expect(winner).resolves.toEqual({ id: 7, seenCommitted: true });
    await expect(loser).rejects.toThrow(/UNIQUE constraint failed/);
    expect(loserSawWinner).toBe(true);
  });

  it('fails every save of a commit the database rolled back by itself, acknowledges none, and carries on', async () => {
    // RAISE(ROLLBACK) ends the whole transaction, as a full disk or an I/O error does.
    await sql`CREATE TRIGGER refuse_13 BEFORE INSERT ON saves WHEN NEW.id = 13 BEGIN SELECT RAISE(ROLLBACK, 'refused by the database'); END`.execute(db);
    const outcomes = await Promise.allSettled([save(11), save(12), save(13), save(14)]);
    const fulfilled = outcomes.filter((o) => o.status === 'fulfilled').map((o) => (o as PromiseFulfilledResult<{ id: number; seenCommitted: boolean }>).value);
    // Every acknowledged save is committed; whatever was not committed was refused.
    expect(fulfilled.every((v) => v.seenCommitted)).toBe(true);
    expect(committedIds()).toEqual(fulfilled.map((v) => v.id));
    // The save that caused it hears its own error; a save that only shared the commit hears that it was not stored.
    expect((outcomes[2] as PromiseRejectedResult).reason.message).toContain('refused by the database');
    for (const outcome of [outcomes[0], outcomes[1], outcomes[3]]) {
      if (outcome?.status === 'rejected') {
        expect(outcome.reason).toBeInstanceOf(SharedCommitLostError);
        expect(outcome.reason.message).not.toContain('refused by the database');
      }
    }
    // Saves 11 and 12 ran in the same commit as 13 (they were queued together), so they were lost with it.
    expect(outcomes[0]?.status).toBe('rejected');
    expect(outcomes[1]?.status).toBe('rejected');
    // The connection is usable afterwards.
    await expect(save(21)).resolves.toEqual({ id: 21, seenCommitted: true });
  });

  it('runs a write outside a transaction as a save of its own, and reads outside one see only committed rows', async () => {
    const write = db.insertInto('saves').values({ id: 31, label: 'single statement' }).execute();
    const inFlight = db.transaction().execute(async (trx) => {
      await trx.insertInto('saves').values({ id: 32, label: 'uncommitted for now' }).execute();
      // A read outside the transaction, while it is open: the row is not committed yet.
      const outside = await db.selectFrom('saves').select('id').where('id', '=', 32).execute();
      expect(outside).toEqual([]);
    });
    await Promise.all([write, inFlight]);
    expect(committedIds()).toEqual([31, 32]);
    expect(await db.selectFrom('saves').select('id').orderBy('id').execute()).toEqual([{ id: 31 }, { id: 32 }]);
  });

  it('keeps nested savepoints of a save working: a rolled-back savepoint undoes only its part', async () => {
    const trx = await db.startTransaction().execute();
    await trx.insertInto('saves').values({ id: 41, label: 'kept' }).execute();
    const inner = await trx.savepoint('inner').execute();
    await inner.insertInto('saves').values({ id: 42, label: 'undone' }).execute();
    await inner.rollbackToSavepoint('inner').execute();
    await trx.commit().execute();
    expect(committedIds()).toEqual([41]);
  });

  it('reads through a memory map of the file, and sees what the write connection committed once it is checkpointed into the file', async () => {
    const mapped = await sql<{ mmap_size: number }>`pragma mmap_size`.execute(db);
    expect(mapped.rows[0]?.mmap_size).toBeGreaterThan(0);
    // 2,000 saves of 4 kB: 8 MB, past the WAL's checkpoint size (1,000 pages), so most rows are
    // read from the mapped file rather than the WAL, and the file grows past its size when mapped.
    const label = (id: number) => `${id}:`.padEnd(4096, 'x');
    for (let start = 0; start < 2000; start += 100) {
      await db.transaction().execute(async (trx) => {
        for (let id = start; id < start + 100; id++) await trx.insertInto('saves').values({ id, label: label(id) }).execute();
      });
    }
    const rows = await db.selectFrom('saves').select(['id', 'label']).orderBy('id').execute();
    expect(rows.length).toBe(2000);
    expect(rows.every((row) => row.label === label(row.id))).toBe(true);
    expect(fs.statSync(path.join(dataDir, SQLITE_FILE_NAME)).size).toBeGreaterThan(4 * 1024 * 1024);
  });
});
