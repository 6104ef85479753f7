import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { DATE_RULES, POST_OP_DAYS_KEY, caseRuleProblems, latestEventMoment, wallClockAt } from '@rescuedesk/shared';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { createPostgresDatabase } from '../../test/db-templates';
import { urlOfDatabase } from '../../test/second-instance';
import { createTestApp, type TestApp } from '../../test/test-app';
import { caseWordEntriesSql } from '../db/migrations/040-case-word-entries';
import { CaseRepository } from '../modules/case/case.repository';
import { flatState } from '../modules/case/case-view';
import { casesWithDatesOutOfOrder } from '../modules/case/date-order-check';
import { PostOpDayRepository } from '../modules/case/post-op-day.repository';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const CASES = 400;
/** Cases of the comparison of the COPY path with batched INSERTs. */
const COMPARED_CASES = 3_000;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

/** `npm run seed` into the test's own database (its SQLite data folder, or its PostgreSQL database), or into the PostgreSQL database at `databaseUrl`. */
async function seed(args: string[], databaseUrl?: string): Promise<void> {
  const url = databaseUrl ?? (t.database.dialect === 'postgres' ? await urlOfDatabase(t) : undefined);
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', DATA_DIR: t.config.dataDir, ...(url ? { DATABASE_URL: url } : {}) };
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/seed.ts', ...args], { cwd: ROOT, env, timeout: 150_000 });
}

describe('npm run seed (issue 33)', () => {
  it("makes only cases the server's date rules accept: in order (npm run check:dates finds none) and none in the future in India", async () => {
    await seed(['--cases', String(CASES), '--ngos', '2', '--seed', '7']);
    const cases = new CaseRepository(t.database.db);
    const postOpDays = new PostOpDayRepository(t.database.db);

    expect(await casesWithDatesOutOfOrder({ cases, postOpDays })).toEqual([]);

    const rows = await cases.allAfter(0, CASES + 1);
    expect(rows).toHaveLength(CASES);
    const days = await postOpDays.datesOfCases(rows.map((row) => row.id));
    expect(days.length).toBeGreaterThan(0);
    const latest = latestEventMoment(Date.now(), 0, 'Asia/Kolkata');
    const refused = rows.flatMap((row) => {
      const state = { ...flatState(row), [POST_OP_DAYS_KEY]: days.filter((day) => day.caseId === row.id) };
      return caseRuleProblems(state, 'all', { latest }, DATE_RULES).map((problem) => `#${row.id}: ${problem.message}`);
    });
    expect(refused).toEqual([]);
    // The cases run up to the last few days, where a later step is capped at today and could be in the future.
    const weekAgo = wallClockAt(Date.now() - 7 * 24 * 3600 * 1000, 'Asia/Kolkata').date;
    expect(rows.filter((row) => row.reported_date !== null && row.reported_date >= weekAgo).length).toBeGreaterThan(0);
  }, 180_000);
});

/** Every row of the tables a seeded case is made of, and of those the triggers keep, in one order. */
const TABLES: Record<string, string> = {
  cases: 'SELECT * FROM cases ORDER BY id',
  case_post_op_days: 'SELECT * FROM case_post_op_days ORDER BY id',
  audit_log: 'SELECT * FROM audit_log ORDER BY id',
  case_counts: 'SELECT * FROM case_counts ORDER BY ngo_id, type, status',
  case_list_versions: 'SELECT * FROM case_list_versions ORDER BY ngo_id',
  case_word_entries: 'SELECT * FROM case_word_entries ORDER BY ngo_id, word, case_id',
  case_map_squares: 'SELECT * FROM case_map_squares ORDER BY ngo_id, level, x, y, type, status',
};

async function tablesOf(url: string): Promise<Record<string, unknown[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result: Record<string, unknown[]> = {};
    for (const [table, query] of Object.entries(TABLES)) result[table] = (await client.query(query)).rows;
    return result;
  } finally {
    await client.end();
  }
}

describe('npm run seed on PostgreSQL: cases streamed with COPY (issue 38)', () => {
  it('writes the rows batched INSERTs write with the triggers running, derived tables included, and the app answers from them', async () => {
    if (t.database.dialect !== 'postgres') {
      // SQLite has no COPY: the seeder says so instead of writing anything.
      await expect(seed(['--cases', '10', '--method', 'copy'])).rejects.toThrow(/--method copy needs PostgreSQL/);
      const { rows } = await sql<{ n: number }>`select count(*) as n from cases`.execute(t.database.db);
      expect(Number(rows[0]!.n)).toBe(0);
      return;
    }
    // The same generator, seed and moment on both paths: the same cases, days and timeline entries.
    const args = ['--cases', String(COMPARED_CASES), '--ngos', '3', '--seed', '11', '--now', new Date(Date.now() - 3_600_000).toISOString()];
    const copied = await urlOfDatabase(t);
    const inserted = await createPostgresDatabase(inject('pgUrl'), inject('dbTemplates').migrated);
    try {
      await seed(args, copied);
      await seed([...args, '--method', 'insert'], inserted.url);
      const [byCopy, byInsert] = await Promise.all([tablesOf(copied), tablesOf(inserted.url)]);
      expect(byCopy.cases).toHaveLength(COMPARED_CASES);
      expect(byCopy.audit_log).toHaveLength(COMPARED_CASES);
      expect(byCopy.case_post_op_days!.length).toBeGreaterThan(0);
      expect(byCopy.case_map_squares!.length).toBeGreaterThan(0);
      for (const table of Object.keys(TABLES)) expect(byCopy[table], table).toEqual(byInsert[table]);
    } finally {
      await inserted.drop();
    }

    // The derived tables equal the cases: counts by status, list versions, every case's words.
    const db = t.database.db;
    const recount = await sql<{ n: string }>`select count(*) as n from (
        select ngo_id, type, status, count(*)::integer as n from cases where deleted_at is null group by ngo_id, type, status
        except select ngo_id, type, status, n from case_counts) as missing`.execute(db);
    expect(Number(recount.rows[0]!.n)).toBe(0);
    const words = await sql<{ n: string }>`select count(*) as n from (
        (${sql.raw(caseWordEntriesSql('cases'))} except select ngo_id, word, case_id, state from case_word_entries)
        union all (select ngo_id, word, case_id, state from case_word_entries except ${sql.raw(caseWordEntriesSql('cases'))})) as differ`.execute(db);
    expect(Number(words.rows[0]!.n)).toBe(0);

    // The triggers are on again: a case made through the API is counted and found beside the seeded ones.
    const founder = await t.login('founder.1', 'Seed@12345');
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: { cookie: founder } });
    const seeded = await sql<{ reporter_name: string; status: string }>`select reporter_name, status from cases where ngo_id = 1 order by id limit 1`.execute(db);
    const name = seeded.rows[0]!.reporter_name;
    const expected = await sql<{ status: string; n: string }>`select status, count(*) as n from cases where ngo_id = 1 and deleted_at is null group by status`.execute(db);
    const list = async (search?: string) => (await post('/api/case/getCaseByType', { ...(search ? { search } : {}), pageSize: 100 })).json().meta.counts;
    const before = await list();
    expect(before.total).toBe(expected.rows.reduce((sum, row) => sum + Number(row.n), 0));
    for (const row of expected.rows) expect(before[row.status], row.status).toBe(Number(row.n));
    const found = await list(name);
    expect(found.total).toBeGreaterThan(0);

    const created = await post('/api/case/createCase', { type: 'OPD' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id;
    const saved = await post('/api/case/updateReportingDetail', {
      caseId: id,
      reporterName: name,
      reporterContact: '9876543210',
      location: '12, Indiranagar, Bengaluru',
      landmark: 'near the bus stop',
      pincode: '560038',
      reportedDate: '2026-11-20',
      reportedTime: '08:15',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await list();
    expect(after.total).toBe(before.total + 1);
    expect(after.Reported).toBe(before.Reported + 1);
    expect((await list(name)).total).toBe(found.total + 1);
  }, 300_000);
});
