import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld } from '../test/api';

/**
 * Numbers sent to the API the ways a hostile or careless client sends them. A negative amount,
 * weight or number of days is refused with the field named and the record left as it was; a
 * number is never read from text other than plain decimal digits.
 */
const ctx = useTwoNgoWorld();

const SPONSOR = { name: 'Tata Trusts', type: 'Sterilization', startDate: '2026-04-01', endDate: '2027-03-31' };
const NEGATIVE = ['-500', -500, ' -500 ', -0.5];
const NOT_A_NUMBER = ['\u2212500', '+500', '5e2', '500.', '1,000', true, [500]];

describe('numeric fields through the API', () => {
  it('refuses a negative or malformed sponsor amount on create and on update, naming the field, and changes nothing', async () => {
    const founder = ctx.world.inA.Founder;
    const created = await founder.post('/api/sponsor/createSponsor', { ...SPONSOR, amount: 250000 });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;

    for (const amount of [...NEGATIVE, ...NOT_A_NUMBER]) {
      const expected = NEGATIVE.includes(amount as never) ? 'Sponsor Amount must be at least 0' : 'Sponsor Amount must be a number';
      const create = await founder.post('/api/sponsor/createSponsor', { ...SPONSOR, amount });
      expect([create.statusCode, create.json().message], JSON.stringify(amount)).toEqual([422, expected]);
      const update = await founder.post('/api/sponsor/updateSponsor', { id, amount });
      expect([update.statusCode, update.json().message], JSON.stringify(amount)).toEqual([422, expected]);
    }

    const list = await founder.post('/api/sponsor/getSponsors');
    expect(list.json().meta.total).toBe(1);
    expect((await founder.post('/api/sponsor/getSponsorById', { id })).json().data.amount).toBe(250000);
  });

  it('saves a plain amount sent as text exactly, and minus zero as zero', async () => {
    const founder = ctx.world.inA.Founder;
    const created = await founder.post('/api/sponsor/createSponsor', { ...SPONSOR, amount: ' 500 ' });
    expect(created.json().data.amount).toBe(500);
    const zero = await founder.post('/api/sponsor/updateSponsor', { id: created.json().data.id, amount: '-0' });
    expect(zero.statusCode).toBe(200);
    const row = await ctx.t.database.db.selectFrom('sponsors').select('amount').where('id', '=', created.json().data.id).executeTakeFirstOrThrow();
    expect(Object.is(Number(row.amount), 0)).toBe(true);
  });

  it('refuses a negative weight or number of expected days on a case, naming the field, and keeps the saved value', async () => {
    const worker = ctx.world.inA.Worker;
    const caseId = (await worker.post('/api/case/createCase', { type: 'Sterilization' })).json().data.id as number;
    expect((await worker.post('/api/case/updateAnimalDetail', { caseId, animalWeight: '12.5' })).statusCode).toBe(200);
    expect((await worker.post('/api/case/updatePostOperationDetail', { caseId, popExpectedDays: 4 })).statusCode).toBe(200);

    for (const value of NEGATIVE) {
      const weight = await worker.post('/api/case/updateAnimalDetail', { caseId, animalWeight: value });
      expect([weight.statusCode, weight.json().message], JSON.stringify(value)).toEqual([422, 'Weight must be at least 0']);
      const days = await worker.post('/api/case/updatePostOperationDetail', { caseId, popExpectedDays: value });
      expect([days.statusCode, days.json().message], JSON.stringify(value)).toEqual([422, 'Expected Days must be at least 0']);
    }
    const saved = (await worker.post('/api/case/getCaseById', { id: caseId })).json().data;
    expect(saved.animalDetail.animalWeight).toBe(12.5);
    expect(saved.postOperationDetail.popExpectedDays).toBe(4);
  });

  it('refuses negative or malformed ids, pages and page sizes', async () => {
    const founder = ctx.world.inA.Founder;
    for (const id of ['-1', -1, '+1', '1e0', true]) {
      expect((await founder.post('/api/reporter/getReporterById', { id })).statusCode, JSON.stringify(id)).toBe(400);
    }
    for (const [body, message] of [
      [{ page: '-1' }, 'page must be at least 1'],
      [{ page: [2] }, 'page must be a number'],
      [{ pageSize: '-20' }, 'pageSize must be at least 1'],
      [{ pageSize: true }, 'pageSize must be a number'],
    ] as const) {
      const response = await founder.post('/api/reporter/getReporters', body);
      expect([response.statusCode, response.json().message], JSON.stringify(body)).toEqual([422, message]);
    }
  });
});
