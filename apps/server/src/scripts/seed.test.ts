import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { DATE_RULES, POST_OP_DAYS_KEY, caseRuleProblems, latestEventMoment, wallClockAt } from '@rescuedesk/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { urlOfDatabase } from '../../test/second-instance';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CaseRepository } from '../modules/case/case.repository';
import { flatState } from '../modules/case/case-view';
import { casesWithDatesOutOfOrder } from '../modules/case/date-order-check';
import { PostOpDayRepository } from '../modules/case/post-op-day.repository';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const CASES = 400;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

/** `npm run seed` into the test's own database (its SQLite data folder, or its PostgreSQL database). */
async function seed(args: string[]): Promise<void> {
  const databaseUrl = t.database.dialect === 'postgres' ? await urlOfDatabase(t) : undefined;
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', DATA_DIR: t.config.dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/seed.ts', ...args], { cwd: ROOT, env, timeout: 120_000 });
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
