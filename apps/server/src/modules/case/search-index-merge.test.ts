import { type Kysely, sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { useTwoNgoWorld, type Caller } from '../../../test/api';
import { newCase, ok, writeCasesOneByOne } from '../../../test/cases';
import { caseWordShardShapes, decodeFts5Structure, isPostgresDb } from '../../db/case-search';
import { caseWordShard } from '../../db/migrations/014-case-search-counts';
import type { DB } from '../../db/schema';
import { SearchIndexMerger } from './search-index-merge';

const ctx = useTwoNgoWorld();

/** NGO A's shard: its segments as FTS5 keeps them. */
async function segmentsOfA(): Promise<number> {
  const shard = caseWordShard(ctx.world.a.id);
  return (await caseWordShardShapes(ctx.t.database.db)).find((s) => s.table === shard)?.segments ?? 0;
}

/** FTS5's own check of a shard: its segments against each other and their doclists (throws on a damaged index). */
async function integrityCheck(db: Kysely<DB>, table: string): Promise<void> {
  await sql`insert into ${sql.raw(table)} (${sql.raw(table)}) values ('integrity-check')`.execute(db);
}

const SEARCHES = ['ravi', 'kumar', 'ravi kum', 'indira', 'blood ravi', 'released', '5600', 'admitted nagar', 'ra', 'ravind', 'basavanagudi', 'nobody'];

/**
 * Every answer of the dashboard for the searches: matches, counts and order, over every page and
 * under filters. Each call first bumps the NGO's list version by a change the index does not hold
 * (a case's mortality), so no answer is a kept one (docs/decisions/006).
 */
let retirements = 0;
async function answers(founder: Caller, retire: number): Promise<string[]> {
  await ok(founder, '/api/case/updateCase', { caseId: retire, mortality: retirements++ % 2 === 0 ? 'Unhealthy' : 'Healthy' });
  const out: string[] = [];
  for (const search of SEARCHES) {
    for (const filter of [{}, { status: 'Admitted' }, { type: 'OPD' }, { status: 'Released', type: 'Sterilization' }]) {
      for (let page = 1; page <= 4; page++) {
        const body = (await founder.post('/api/case/getCaseByType', { search, page, pageSize: 3, ...filter })).json();
        out.push(`${search} ${JSON.stringify(filter)} ${page}: ${JSON.stringify(body.meta)} ${body.data.map((c: { id: number }) => c.id).join(',')}`);
      }
    }
  }
  return out;
}

describe('the case word index merge sweep', () => {
  it('merges a shard written a case at a time into fewer segments, and every search answers the same after it', async () => {
    const { inA } = ctx.world;
    await writeCasesOneByOne(inA.Worker, inA.Founder, 24);
    const retire = await newCase(inA.Worker, { type: 'IPD' });
    const before = await answers(inA.Founder, retire);
    const segmentsBefore = await segmentsOfA();

    const result = await new SearchIndexMerger(ctx.t.database.db, undefined, { pauseMs: 0 }).sweep();

    const after = await answers(inA.Founder, retire);
    expect(after).toEqual(before);
    if (isPostgresDb(ctx.t.database.db)) {
      // PostgreSQL has no FTS5 shards: nothing to merge, nothing written.
      expect(result).toEqual({ shards: [], stopped: false });
      return;
    }
    expect(segmentsBefore).toBeGreaterThan(4);
    const shard = caseWordShard(ctx.world.a.id);
    const merged = result?.shards.find((s) => s.table === shard);
    expect(merged?.before).toBe(segmentsBefore);
    expect(merged?.steps).toBeGreaterThan(0);
    expect(await segmentsOfA()).toBe(merged?.after);
    expect(merged?.after).toBeLessThan(segmentsBefore);
    await integrityCheck(ctx.t.database.db, shard);
  });

  it('finds nothing to do once merged, and merges again after new writes', async () => {
    const { inA } = ctx.world;
    await writeCasesOneByOne(inA.Worker, inA.Founder, 12);
    const merger = new SearchIndexMerger(ctx.t.database.db, undefined, { pauseMs: 0 });
    await merger.sweep();
    const settled = await segmentsOfA();

    // Nothing written since: the shard is not even looked at again (no write transaction for nothing).
    const again = await merger.sweep();
    const shard = caseWordShard(ctx.world.a.id);
    expect(again?.shards.find((s) => s.table === shard)).toBeUndefined();

    await writeCasesOneByOne(inA.Worker, inA.Founder, 12);
    const grown = await segmentsOfA();
    const afterWrites = await merger.sweep();
    if (isPostgresDb(ctx.t.database.db)) {
      expect(afterWrites).toEqual({ shards: [], stopped: false });
      return;
    }
    expect(grown).toBeGreaterThan(settled);
    const merged = afterWrites?.shards.find((s) => s.table === shard);
    expect(merged?.steps).toBeGreaterThan(0);
    expect(merged?.after).toBeLessThan(grown);
    expect(await segmentsOfA()).toBe(merged?.after);
    await integrityCheck(ctx.t.database.db, shard);
  });

  it('ends a sweep after its current step when asked to stop, leaving the index whole and searchable', async () => {
    const { inA } = ctx.world;
    await writeCasesOneByOne(inA.Worker, inA.Founder, 24);
    const retire = await newCase(inA.Worker, { type: 'IPD' });
    const before = await answers(inA.Founder, retire);
    const structure = async () => {
      if (isPostgresDb(ctx.t.database.db)) return '';
      const { rows } = await sql<{ block: Uint8Array }>`select block from ${sql.table(`${caseWordShard(ctx.world.a.id)}_data`)} where id = 10`.execute(ctx.t.database.db);
      return Buffer.from(rows[0]!.block).toString('hex');
    };
    const unmerged = await structure();
    // Steps of one page, and a pause between them far longer than the test may take: only stop() can end it.
    const merger = new SearchIndexMerger(ctx.t.database.db, undefined, { stepPages: 1, pauseMs: 10 * 60 * 1000 });
    const sweep = merger.sweep();
    // The first step has changed the shard's structure (a merge begun): the sweep now waits in its pause.
    if (!isPostgresDb(ctx.t.database.db)) await vi.waitFor(async () => expect(await structure()).not.toBe(unmerged), { timeout: 10_000 });
    await merger.stop();

    const result = await sweep;
    expect(await merger.sweep()).toBeUndefined();
    expect(await answers(inA.Founder, retire)).toEqual(before);
    if (isPostgresDb(ctx.t.database.db)) {
      expect(result).toEqual({ shards: [], stopped: false });
      return;
    }
    expect(result?.stopped).toBe(true);
    expect(result?.shards.find((s) => s.table === caseWordShard(ctx.world.a.id))?.steps).toBe(1);
    await integrityCheck(ctx.t.database.db, caseWordShard(ctx.world.a.id));
    // The lease is given back: the next sweep (a new server) carries on.
    const next = await new SearchIndexMerger(ctx.t.database.db, undefined, { pauseMs: 0 }).sweep();
    expect(next?.shards.find((s) => s.table === caseWordShard(ctx.world.a.id))?.steps).toBeGreaterThan(0);
  });

  it('reads the segment count FTS5 keeps in its structure record, as its segment index counts them', async () => {
    const { inA } = ctx.world;
    await writeCasesOneByOne(inA.Worker, inA.Founder, 10);
    const db = ctx.t.database.db;
    const shapes = await caseWordShardShapes(db);
    if (isPostgresDb(db)) {
      expect(shapes).toEqual([]);
      return;
    }
    for (const shape of shapes) {
      const { rows } = await sql<{ n: number }>`select count(distinct segid) as n from ${sql.table(`${shape.table}_idx`)}`.execute(db);
      expect(shape.segments, shape.table).toBe(Number(rows[0]?.n));
    }
    expect(shapes.find((s) => s.table === caseWordShard(ctx.world.a.id))?.segments).toBeGreaterThan(1);
    expect(decodeFts5Structure(undefined)).toEqual({ segments: 0, pages: 0 });
  });
});
