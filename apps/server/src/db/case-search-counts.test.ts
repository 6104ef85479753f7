import { CASE_STATUSES, CASE_TYPES } from '@rescuedesk/shared';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld, type Caller } from '../../test/api';
import { REPORTING, newCase, ok } from '../../test/cases';
import { indexKeysOf } from '../lib/search-keys';
import { searchWords, wordLookup } from '../lib/search-words';
import { CASE_STATUS_CODES, CASE_TYPE_CODES, CASE_WORD_SHARDS, createCaseWordShards } from './migrations/014-case-search-counts';
import { CASE_WORD_PREFIXES, up as longerPrefixes } from './migrations/017-case-words-longer-prefixes';
import { isPostgres } from './migrations/helpers';

const ctx = useTwoNgoWorld();

// Words of 1-3 letters, 4-8 letters and longer are read through different FTS5 prefix indexes (migration 017).
// Words in Devanagari and their Latin spellings meet through phonetic keys (migration 022).
const SEARCHES = ['ravi', 'kumar', 'ravi kum', 'indira', 'blood ravi', 'released', '5600', 'admitted nagar', 'nobody', 'ra', 'ku', 'in', 'ravind', 'indiranaga', 'shankar', 'gachi', 'लक्ष्मी', 'ghmc'];

/**
 * The recount: every live case of the scope read from the cases table, matched word by word as
 * docs/decisions/005 and 022 say (each word of the search, or one of its phonetic keys, begins a
 * word of the reporter name, location, landmark, pincode, animal ID, collar/tag number, case
 * number or status, or one of their keys), and counted per status in the test itself. An index
 * of 006's words (as 017 rebuilt it) holds no keys, collar/tag or case numbers.
 */
async function recount(ngoId: number | 'all', search: string, type?: string, index: '006' | '022' = '022'): Promise<{ counts: Record<string, number>; ids: Record<string, number[]> }> {
  let query = ctx.t.database.db
    .selectFrom('cases')
    .select(['id', 'status', 'type', 'reporter_name', 'location', 'landmark', 'pincode', 'unique_id', 'collar_tag'])
    .where('deleted_at', 'is', null)
    .orderBy('id', 'desc');
  if (ngoId !== 'all') query = query.where('ngo_id', '=', ngoId);
  const rows = await query.execute();
  const wanted = searchWords(search);
  const counts: Record<string, number> = Object.fromEntries(CASE_STATUSES.map((s) => [s, 0]));
  // The matches' ids, newest first: all of them, and those of each status.
  const ids: Record<string, number[]> = Object.fromEntries(['all', ...CASE_STATUSES].map((s) => [s, []]));
  for (const row of rows) {
    if (type && row.type !== type) continue;
    // Every word of the case (searchWords keeps only a search's first 8).
    const fields = [row.reporter_name, row.location, row.landmark, row.pincode, row.unique_id, row.status, ...(index === '022' ? [row.collar_tag, String(row.id)] : [])];
    const words = fields.flatMap((field) => (field ? field.normalize('NFC').toLowerCase().split(/[^\p{L}\p{N}]+/u) : [])).filter(Boolean);
    const keys = index === '022' ? [row.reporter_name, row.location, row.landmark].flatMap((field) => indexKeysOf(field)?.split(' ') ?? []) : [];
    const begins = (start: string) => words.some((word) => word.startsWith(start)) || keys.some((key) => key.startsWith(start));
    const matches = (w: string) => {
      const { tokens, keys: searchKeys } = wordLookup(w);
      return tokens.every(begins) || searchKeys.some(begins);
    };
    if (wanted.every(matches)) {
      counts[row.status] = (counts[row.status] ?? 0) + 1;
      ids.all!.push(row.id);
      ids[row.status]!.push(row.id);
    }
  }
  return { counts, ids };
}

/** The dashboard's counts, and its ids over every page, for each search, against the recount. */
async function expectCountsMatchRecount(caller: Caller, ngoId: number | 'all'): Promise<void> {
  for (const search of SEARCHES) {
    for (const type of [undefined, 'Sterilization', 'OPD']) {
      const answer = (await caller.post('/api/case/getCaseByType', { search, pageSize: 50, ...(type ? { type } : {}) })).json();
      const { counts: expected, ids } = await recount(ngoId, search, type);
      const { total, ...byStatus } = answer.meta.counts;
      expect(byStatus, `counts of "${search}" (${type ?? 'every type'})`).toEqual(expected);
      expect(total).toBe(Object.values(expected).reduce((a, b) => a + b, 0));
      expect(answer.data.map((c: { id: number }) => c.id)).toEqual(ids.all);
      // The status filter narrows the page to that status while the counts stay whole.
      const admitted = (await caller.post('/api/case/getCaseByType', { search, status: 'Admitted', pageSize: 50, ...(type ? { type } : {}) })).json();
      expect(admitted.meta.total).toBe(expected.Admitted);
      expect(admitted.meta.counts).toEqual(answer.meta.counts);
      expect(admitted.data.map((c: { id: number }) => c.id)).toEqual(ids.Admitted);
      // A later page holds the next matches, newest first.
      const second = (await caller.post('/api/case/getCaseByType', { search, page: 2, pageSize: 2, ...(type ? { type } : {}) })).json();
      expect(second.data.map((c: { id: number }) => c.id)).toEqual(ids.all!.slice(2, 4));
    }
  }
}

describe('search counts kept in the word index', () => {
  it('match a recount after creates, edits, status and type changes, deletes and restores, in each NGO and across them', async () => {
    const worker = ctx.world.inA.Worker;
    const founder = ctx.world.inA.Founder;
    const people = [
      ['Ravi Kumar', 'Indiranagar 2nd Stage', '560038'],
      ['Ravi Shankar', 'Koramangala', '560034'],
      ['Meena Ravindran', 'Indiranagar', '560038'],
      ['Kumar Swamy', 'Jayanagar', '560011'],
      ['Asha Rao', 'Blood bank road', '560002'],
      ['Ravi Kumar', 'Whitefield', '560066'],
      ['लक्ष्मी शर्मा', 'गच्चीबौली', '500032'],
      ['रवि कुमार', 'Gachibowli', '500032'],
    ] as const;
    const ids: number[] = [];
    for (const [i, [reporterName, location, pincode]] of people.entries()) {
      const id = await newCase(worker, { type: i % 2 ? 'OPD' : 'Sterilization' });
      await ok(worker, '/api/case/updateReportingDetail', { caseId: id, ...REPORTING, reporterName, location, landmark: 'Near the temple', pincode });
      ids.push(id);
    }
    await ok(worker, '/api/case/updateAnimalDetail', { caseId: ids[6], collarTag: 'GHMC-7' });
    // NGO B has look-alike cases that NGO A must never count.
    for (const reporterName of ['Ravi Kumar', 'Ravi Teja']) {
      const id = await newCase(ctx.world.inB.Worker, { type: 'Sterilization' });
      await ok(ctx.world.inB.Worker, '/api/case/updateReportingDetail', { caseId: id, ...REPORTING, reporterName, location: 'Indiranagar', pincode: '560038' });
    }
    await expectCountsMatchRecount(founder, ctx.world.a.id);

    await ok(worker, '/api/case/updateCase', { caseId: ids[0], status: 'Admitted' });
    await ok(worker, '/api/case/updateCase', { caseId: ids[1], status: 'Blood Test' });
    await ok(worker, '/api/case/updateCase', { caseId: ids[2], status: 'Released' });
    await ok(worker, '/api/case/updateCase', { caseId: ids[3], type: 'Sterilization', status: 'Admitted' });
    await ok(worker, '/api/case/updateReportingDetail', { caseId: ids[4], ...REPORTING, reporterName: 'Asha Kumari', location: 'Nagarbhavi', pincode: '560072' });
    await expectCountsMatchRecount(founder, ctx.world.a.id);

    await ok(founder, '/api/case/deleteCase', { caseId: ids[0] });
    await ok(founder, '/api/case/deleteCase', { caseId: ids[5] });
    await expectCountsMatchRecount(founder, ctx.world.a.id);

    await ok(founder, '/api/case/restoreCase', { caseId: ids[0] });
    await ok(worker, '/api/case/updateCase', { caseId: ids[0], status: 'Post Operation' });
    await expectCountsMatchRecount(founder, ctx.world.a.id);
    await expectCountsMatchRecount(ctx.world.inB.Founder, ctx.world.b.id);
    await expectCountsMatchRecount(ctx.world.admin, 'all');
    // Hundreds of requests: longer than the default limit on a busy 2-core machine.
  }, 90_000);

  it('finds the cases already there after migration 017 rebuilds the index with longer prefixes', async () => {
    const worker = ctx.world.inA.Worker;
    const people = [
      ['Lakshmi Venkatesan', 'Basavanagudi', '560004'],
      ['Venkat Raman', 'Indiranagar', '560038'],
      ['Ravi Venkataraman', 'Basaveshwaranagar', '560079'],
    ] as const;
    for (const [reporterName, location, pincode] of people) {
      const id = await newCase(worker, { type: 'Sterilization' });
      await ok(worker, '/api/case/updateReportingDetail', { caseId: id, ...REPORTING, reporterName, location, pincode });
    }
    // Migrations take a Kysely without the app's schema, as the Migrator hands them one.
    const db = ctx.t.database.db as unknown as Kysely<unknown>;
    // A database from before 017 (PostgreSQL has no FTS tables: 017 leaves it alone).
    if (!isPostgres(db)) await createCaseWordShards(db, '1 2 3');
    await longerPrefixes(db);
    if (!isPostgres(db)) {
      const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where name like 'case_words_%' and sql like '%fts5%'`.execute(db);
      expect(rows).toHaveLength(CASE_WORD_SHARDS);
      for (const row of rows) expect(row.sql).toContain(`prefix = '${CASE_WORD_PREFIXES}'`);
    }
    // PostgreSQL keeps today's index: 017 leaves it alone.
    const index = isPostgres(db) ? '022' : '006';
    // Searches never asked before the rebuild (no kept answer), by words of every length.
    for (const search of ['venkat', 'basava', 'basavanagudi', 'lak', '5600', 'venkataraman ravi']) {
      const answer = (await ctx.world.inA.Founder.post('/api/case/getCaseByType', { search, pageSize: 50 })).json();
      const { counts, ids } = await recount(ctx.world.a.id, search, undefined, index);
      expect(answer.meta.counts.total, search).toBe(Object.values(counts).reduce((a, b) => a + b, 0));
      expect(answer.data.map((c: { id: number }) => c.id)).toEqual(ids.all);
    }
    // Cases written after the migration are indexed by its triggers.
    const later = await newCase(worker, { type: 'OPD' });
    await ok(worker, '/api/case/updateReportingDetail', { caseId: later, ...REPORTING, reporterName: 'Venkatesh Prasad', location: 'Malleshwaram', pincode: '560003' });
    const found = (await ctx.world.inA.Founder.post('/api/case/getCaseByType', { search: 'venkates', pageSize: 50 })).json();
    expect(found.data.map((c: { id: number }) => c.id)).toEqual((await recount(ctx.world.a.id, 'venkates', undefined, index)).ids.all);
    expect(found.meta.total).toBe(2);
  });

  it('gives every status and case type a code in the index', () => {
    for (const status of CASE_STATUSES) expect(CASE_STATUS_CODES[status], status).toEqual(expect.any(Number));
    for (const type of CASE_TYPES) expect(CASE_TYPE_CODES[type], type).toEqual(expect.any(Number));
    expect(new Set(Object.values(CASE_STATUS_CODES)).size).toBe(CASE_STATUSES.length);
    expect(new Set(Object.values(CASE_TYPE_CODES)).size).toBe(CASE_TYPES.length);
  });
});
