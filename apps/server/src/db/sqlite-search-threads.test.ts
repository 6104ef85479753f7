import path from 'node:path';
import { CASE_STATUSES } from '@rescuedesk/shared';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { useTwoNgoWorld } from '../../test/api';
import { writeCasesOneByOne } from '../../test/cases';
import { indexedMatches, isPostgresDb, type PageRowsQuery, type WordQuery } from './case-search';
import { SQLITE_FILE_NAME } from './database';
import { SearchThreadLost, SqliteSearchThreads, attachSearchThreads, searchThreadsOf } from './sqlite-search-threads';

const ctx = useTwoNgoWorld();

/** The window's rows: a case's id, status and reporter, newest first. */
const PAGE_ROWS: PageRowsQuery = {
  query: (ids) => sql`select id, status, reporter_name from cases where id in (${ids}) order by id desc`,
  columns: ['id', 'status', 'reporter_name'],
};

/** 16 cases in NGO A of several statuses and types, and look-alikes in NGO B. */
async function someCases(): Promise<void> {
  await writeCasesOneByOne(ctx.world.inA.Worker, ctx.world.inA.Founder, 16);
  await writeCasesOneByOne(ctx.world.inB.Worker, ctx.world.inB.Founder, 6);
}

/** The test database when it is SQLite; on PostgreSQL undefined, once it is seen to have no threads (its reads run in PostgreSQL's own processes). */
function sqliteDb() {
  const { db } = ctx.t.database;
  if (!isPostgresDb(db)) return db;
  expect(searchThreadsOf(db)).toBeUndefined();
  return undefined;
}

/** Threads of their own on the test's database file, or on one that is not there (they end as they start). */
function threadsOn(file: 'the database' | 'a missing file', size: number, log?: { error: () => void }): SqliteSearchThreads {
  const dir = file === 'the database' ? ctx.t.config.dataDir : path.join(ctx.t.config.dataDir, 'missing');
  return new SqliteSearchThreads({ file: path.join(dir, SQLITE_FILE_NAME), mmapBytes: 0 }, size, log);
}

/** A task of one statement, without a window or rows. */
const oneStatement = (text: string) => ({ statements: [{ sql: text, parameters: [] }], wanted: undefined, window: undefined, rows: undefined });

describe('search threads (SQLite)', () => {
  it('answer every search as the server thread does, and are the ones that read it', async () => {
    const db = sqliteDb();
    if (!db) return;
    const threads = searchThreadsOf(db);
    expect(threads).toBeInstanceOf(SqliteSearchThreads);
    await someCases();
    const everyStatus = [...CASE_STATUSES];
    const searches: Array<(scope: WordQuery['scope']) => WordQuery[]> = [
      (scope) => [{ scope, statuses: everyStatus, words: ['ravi'] }],
      (scope) => [{ scope, statuses: everyStatus, words: ['ravi', 'kum'] }],
      (scope) => [{ scope, type: 'Sterilization', statuses: everyStatus, words: ['indira'] }],
      (scope) => [{ scope, statuses: everyStatus, words: ['5600'] }],
      (scope) => [{ scope, statuses: everyStatus, words: ['nobody'] }],
      // Two groups of disjoint statuses, as planSearch makes for "admitted kumar".
      (scope) => [
        { scope, statuses: ['Admitted'], words: ['kumar'] },
        { scope, statuses: everyStatus.filter((s) => s !== 'Admitted'), words: ['admitted', 'kumar'] },
      ],
    ];
    let compared = 0;
    for (const scope of [ctx.world.a.id, ctx.world.b.id, 'all'] as const) {
      for (const search of searches) {
        for (const status of [undefined, 'Admitted', 'Released']) {
          for (const window of [undefined, { offset: 0, limit: 3 }, { offset: 2, limit: 3 }]) {
            const queries = search(scope);
            const answered = threads!.answered;
            const rows = window ? PAGE_ROWS : undefined;
            const fromThreads = await indexedMatches(db, queries, status, window, rows);
            expect(threads!.answered).toBe(answered + 1);
            // In a transaction the statements stay on its connection, in this thread.
            const here = await db.transaction().execute((trx) => indexedMatches(trx, queries, status, window, rows));
            expect(threads!.answered).toBe(answered + 1);
            expect(fromThreads, JSON.stringify({ queries, status, window })).toEqual(here);
            // The rows are the window's, in its order.
            if (rows) expect(fromThreads.rows?.map((row) => row[0])).toEqual(fromThreads.ids);
            compared++;
          }
        }
      }
    }
    expect(compared).toBe(3 * 6 * 3 * 3);
    // The data was there to find: NGO A's "ravi" cases, in both threads' and this thread's answer.
    const ravi = await indexedMatches(db, [{ scope: ctx.world.a.id, statuses: everyStatus, words: ['ravi'] }]);
    expect([...ravi.counts.values()].reduce((a, b) => a + b, 0)).toBe(9);
  });

  it('start all at once before the first search when asked, and settle for a thread that cannot start', async () => {
    if (!sqliteDb()) return;
    const threads = threadsOn('the database', 2);
    try {
      expect(threads.running).toBe(0);
      await threads.prestart();
      expect(threads.running).toBe(2);
      const found = await threads.matches(oneStatement("select '64'"));
      expect(found.ids).toEqual([1]);
      // Both were already there: the search started no third thread.
      expect(threads.running).toBe(2);
    } finally {
      await threads.close();
    }

    const log = { error: vi.fn() };
    const broken = threadsOn('a missing file', 1, log);
    await broken.prestart();
    expect(broken.running).toBe(0);
    expect(log.error).toHaveBeenCalledWith(expect.anything(), expect.stringMatching(/search thread ended/));
    await broken.close();
  });

  it('pass an SQLite error back with its code, and refuse work once closed', async () => {
    if (!sqliteDb()) return;
    const threads = threadsOn('the database', 1);
    const task = oneStatement('select group_concat(rowid) from no_such_table');
    await expect(threads.matches(task)).rejects.toMatchObject({ code: 'SQLITE_ERROR', message: expect.stringMatching(/no such table/) });
    const found = await threads.matches(oneStatement("select '64,129,200'"));
    expect(found).toEqual({ perCode: [2, 1, 0, 0, 0, 0, 0, 0], ids: [3, 2, 1] });
    await threads.close();
    await expect(threads.matches(task)).rejects.toThrow(/closed/);
  });

  it('log a thread that cannot run, and leave its search to the server thread, which answers it whole', async () => {
    const db = sqliteDb();
    if (!db) return;
    const own = searchThreadsOf(db);
    await someCases();
    const log = { error: vi.fn() };
    const broken = threadsOn('a missing file', 1, log);
    await expect(broken.matches(oneStatement("select '64'"))).rejects.toBeInstanceOf(SearchThreadLost);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.objectContaining({ message: expect.stringMatching(/directory does not exist|unable to open/) }) }), expect.stringMatching(/search thread ended/));

    const queries: WordQuery[] = [{ scope: ctx.world.a.id, statuses: [...CASE_STATUSES], words: ['ravi'] }];
    const window = { offset: 0, limit: 5 };
    attachSearchThreads(db, broken);
    try {
      const answered = await indexedMatches(db, queries, undefined, window, PAGE_ROWS);
      const here = await db.transaction().execute((trx) => indexedMatches(trx, queries, undefined, window, PAGE_ROWS));
      expect(answered).toEqual(here);
      expect(answered.rows).toHaveLength(5);
    } finally {
      attachSearchThreads(db, own!);
      await broken.close();
    }
  });
});
