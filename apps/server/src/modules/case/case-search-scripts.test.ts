import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld, type Caller } from '../../../test/api';
import { REPORTING, newCase, ok } from '../../../test/cases';
import { fillCaseSearchKeys } from '../../db/migrations/022-case-search-across-scripts';

const ctx = useTwoNgoWorld();

async function caseAt(caller: Caller, reporterName: string, location: string, landmark = 'Near the temple'): Promise<number> {
  const id = await newCase(caller, { type: 'Sterilization' });
  await ok(caller, '/api/case/updateReportingDetail', { caseId: id, ...REPORTING, reporterName, location, landmark });
  return id;
}

async function found(caller: Caller, search: string): Promise<number[]> {
  const response = await caller.post('/api/case/getCaseByType', { search, pageSize: 50 });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((c: { id: number }) => c.id);
}

describe('case search across scripts and spellings', () => {
  it('finds a place or name typed in Devanagari by its Latin spelling, and the other way round', async () => {
    const worker = ctx.world.inA.Worker;
    const hindi = await caseAt(worker, 'लक्ष्मी शर्मा', 'गच्चीबौली', 'शिवाजी नगर');
    const latin = await caseAt(worker, 'Mohan Gowda', 'Koramangala', 'Chandni Chowk');
    const other = await caseAt(worker, 'Ravi Verma', 'Whitefield', 'ITPL gate');

    expect(await found(worker, 'Gachi')).toEqual([hindi]);
    expect(await found(worker, 'gachibowli')).toEqual([hindi]);
    expect(await found(worker, 'गच्ची')).toEqual([hindi]);
    expect(await found(worker, 'Laxmi sharma')).toEqual([hindi]);
    expect(await found(worker, 'Lakshmi')).toEqual([hindi]);
    expect(await found(worker, 'Shivaji Nagar')).toEqual([hindi]);

    expect(await found(worker, 'मोहन')).toEqual([latin]);
    expect(await found(worker, 'कोरमंगला')).toEqual([latin]);
    expect(await found(worker, 'चांदनी चौक')).toEqual([latin]);
    expect(await found(worker, 'गौड़ा')).toEqual([latin]);

    // Different names stay apart, and the old word-beginning search is unchanged.
    expect(await found(worker, 'रवि')).toEqual([other]);
    expect(await found(worker, 'मोहन शर्मा')).toEqual([]);
    expect(await found(worker, 'white')).toEqual([other]);
    expect(await found(worker, 'field')).toEqual([]);
  });

  it('keeps the keys in step when a field is edited', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await caseAt(worker, 'Anita Desai', 'गच्चीबौली');
    expect(await found(worker, 'Gachibowli')).toEqual([id]);
    await ok(worker, '/api/case/updateReportingDetail', { caseId: id, ...REPORTING, reporterName: 'Anita Desai', location: 'धारावी' });
    expect(await found(worker, 'Gachibowli')).toEqual([]);
    expect(await found(worker, 'Dharavi')).toEqual([id]);
  });

  it('finds a case by its collar/tag number, its animal ID and its case number', async () => {
    const worker = ctx.world.inA.Worker;
    const tagged = await caseAt(worker, 'Anita Desai', 'MG Road');
    const plain = await caseAt(worker, 'Anita Desai', 'MG Road');
    await ok(worker, '/api/case/updateAnimalDetail', { caseId: tagged, collarTag: 'GHMC-0042', uniqueID: 'HYD-0000777' });
    expect(await found(worker, 'GHMC')).toEqual([tagged]);
    expect(await found(worker, 'ghmc-0042')).toEqual([tagged]);
    expect(await found(worker, 'hyd-0000777')).toEqual([tagged]);
    expect(await found(worker, `#${plain}`)).toContain(plain);
    expect(await found(worker, `anita ${plain}`)).toEqual([plain]);

    // A changed collar number is searched at once: no answer kept from before.
    await ok(worker, '/api/case/updateAnimalDetail', { caseId: tagged, collarTag: 'BBMP-9' });
    expect(await found(worker, 'GHMC')).toEqual([]);
    expect(await found(worker, 'bbmp')).toEqual([tagged]);
  });

  it("never finds another NGO's case, in either script", async () => {
    const inA = await caseAt(ctx.world.inA.Worker, 'लक्ष्मी', 'गच्चीबौली');
    const inB = await caseAt(ctx.world.inB.Worker, 'Lakshmi', 'Gachibowli');
    await ok(ctx.world.inB.Worker, '/api/case/updateAnimalDetail', { caseId: inB, collarTag: 'GHMC-1' });
    for (const search of ['Gachi', 'गच्ची', 'Lakshmi', 'लक्ष्मी']) {
      expect(await found(ctx.world.inA.Founder, search), search).toEqual([inA]);
      expect(await found(ctx.world.inB.Founder, search), search).toEqual([inB]);
      expect(await found(ctx.world.admin, search), search).toEqual([inB, inA]);
    }
    expect(await found(ctx.world.inA.Worker, 'GHMC')).toEqual([]);
    expect(await found(ctx.world.inA.Worker, String(inB))).not.toContain(inB);
  });

  it('gives the cases stored before migration 022 their keys, and finds them', async () => {
    const { db } = ctx.t.database;
    const now = '2026-11-20T08:00:00.000Z';
    const base = { ngo_id: ctx.world.a.id, type: 'OPD', status: 'Reported', mortality: 'Healthy', created_at: now, updated_at: now };
    // Written as rows of before 022: no keys.
    const [old, deleted] = await db
      .insertInto('cases')
      .values([
        { ...base, reporter_name: 'मोहन', location: 'इंदिरानगर' },
        { ...base, reporter_name: 'Mohan', location: 'Indiranagar', deleted_at: now },
      ])
      .returning('id')
      .execute();
    expect(await found(ctx.world.inA.Worker, 'Indiranagar')).toEqual([]);
    await fillCaseSearchKeys(db as unknown as Kysely<unknown>);
    // Other searches than the one above: the key columns do not move the list version (a server
    // runs the migration before it answers anything).
    expect(await found(ctx.world.inA.Worker, 'Mohan')).toEqual([old!.id]);
    expect(await found(ctx.world.inA.Worker, 'Indiranagar Mohan')).toEqual([old!.id]);
    const keys = await db.selectFrom('cases').select(['id', 'reporter_name_keys', 'location_keys']).where('id', 'in', [old!.id, deleted!.id]).orderBy('id').execute();
    expect(keys).toEqual([
      { id: old!.id, reporter_name_keys: 'mohn', location_keys: 'indirngr' },
      { id: deleted!.id, reporter_name_keys: 'mohn', location_keys: 'indirngr' },
    ]);
  });
});
