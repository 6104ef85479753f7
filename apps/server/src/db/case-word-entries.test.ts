import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld } from '../../test/api';
import { REPORTING, newCase, ok } from '../../test/cases';
import { isPostgresDb } from './case-search';
import { caseWordEntriesSql } from './migrations/040-case-word-entries';

const ctx = useTwoNgoWorld();

interface Entry {
  ngo_id: number;
  word: string;
  case_id: number;
  state: number;
}

/** What the entries table holds, in one order. */
async function stored(): Promise<Entry[]> {
  const { rows } = await sql<Entry>`select ngo_id, word, case_id, state from case_word_entries order by case_id, word collate "C"`.execute(ctx.t.database.db);
  return rows;
}

/** What migration 040 would write for the live cases as they are now: the same expressions, run afresh over the cases table. */
async function recomputed(): Promise<Entry[]> {
  const { rows } = await sql<Entry>`select ngo_id, word, case_id, state from (${sql.raw(caseWordEntriesSql('cases'))}) as e(ngo_id, word, case_id, state) order by case_id, word collate "C"`.execute(ctx.t.database.db);
  return rows;
}

describe('the PostgreSQL word entries (migration 040)', () => {
  it('stay equal to the live cases words through creates, edits, status and type changes, deletes and restores', async () => {
    const db = ctx.t.database.db;
    if (!isPostgresDb(db)) {
      // SQLite keeps its FTS5 shards (migrations 014-022) and has no entries table.
      const { rows } = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'case_word_entries'`.execute(db);
      expect(Number(rows[0]!.n)).toBe(0);
      return;
    }
    const worker = ctx.world.inA.Worker;
    const founder = ctx.world.inA.Founder;
    const first = await newCase(worker, { type: 'Sterilization' });
    const second = await newCase(ctx.world.inB.Worker, { type: 'OPD' });
    await ok(worker, '/api/case/updateReportingDetail', { caseId: first, ...REPORTING, reporterName: 'रवि कुमार', location: 'Gachibowli', pincode: '500032' });
    await ok(ctx.world.inB.Worker, '/api/case/updateReportingDetail', { caseId: second, ...REPORTING, reporterName: 'Lakshmi Sharma', location: 'Indiranagar', pincode: '560038' });
    await ok(worker, '/api/case/updateAnimalDetail', { caseId: first, collarTag: 'GHMC-7' });
    expect(await stored()).toEqual(await recomputed());
    expect((await stored()).filter((e) => e.case_id === first).map((e) => e.word)).toEqual(expect.arrayContaining(['gachibowli', 'gciboli', 'ghmc', '7', 'कुमार', 'kumr', String(first)]));

    await ok(worker, '/api/case/updateCase', { caseId: first, status: 'Admitted' });
    await ok(worker, '/api/case/updateCase', { caseId: first, type: 'OPD' });
    expect(await stored()).toEqual(await recomputed());

    await ok(founder, '/api/case/deleteCase', { caseId: first });
    expect((await stored()).some((e) => e.case_id === first)).toBe(false);
    await ok(founder, '/api/case/restoreCase', { caseId: first });
    expect(await stored()).toEqual(await recomputed());
    expect((await stored()).some((e) => e.case_id === first)).toBe(true);
  });
});
