import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld } from '../../../test/api';
import { describeDirectoryRecords } from '../../../test/directory-records';

const ctx = useTwoNgoWorld();

describeDirectoryRecords(ctx, {
  prefix: 'sponsor',
  names: { list: 'getSponsors', get: 'getSponsorById', create: 'createSponsor', update: 'updateSponsor' },
  maker: 'Founder',
  valid: { name: 'Tata Trusts', type: 'Sterilization', amount: '250000', startDate: '2026-04-01', endDate: '2027-03-31' },
  change: { amount: 300000.5 },
  required: [[{ type: 'OPD', amount: 5, startDate: '2026-01-01', endDate: '2026-01-01' }, 'Sponsor Name is required']],
  formats: [
    [{ name: 'S', type: 'OPD', amount: 'lots', startDate: '2026-01-01', endDate: '2026-01-02' }, 'Sponsor Amount must be a number'],
    [{ name: 'S', type: 'OPD', amount: -5, startDate: '2026-01-01', endDate: '2026-01-02' }, 'Sponsor Amount must be at least 0'],
    [{ name: 'S', type: 'Fun', amount: 5, startDate: '2026-01-01', endDate: '2026-01-02' }, 'Sponsorship Type must be one of Vaccination, Sterilization, OPD, IPD, Adoption, Post Op Care, Other'],
    [{ name: 'S', type: 'OPD', amount: 5, startDate: '2026-02-30', endDate: '2026-03-02' }, 'Start Date must be a date (YYYY-MM-DD)'],
    [{ name: 'S', type: 'OPD', amount: 5, startDate: '2026-03-01', endDate: '2026-02-01' }, 'End Date must not be before Start Date'],
  ],
  search: 'TATA',
  image: 'logo',
});

describe('sponsors', () => {
  it('refuses Managers and Workers the sponsors', async () => {
    expect((await ctx.world.inA.Manager.post('/api/sponsor/getSponsors')).statusCode).toBe(403);
    expect((await ctx.world.inA.Worker.post('/api/sponsor/createSponsor', {})).statusCode).toBe(403);
  });

  it('checks a sponsor date change against the stored other date', async () => {
    const created = await ctx.world.inA.Founder.post('/api/sponsor/createSponsor', { name: 'S', type: 'OPD', amount: 5, startDate: '2026-05-01', endDate: '2026-06-01' });
    const response = await ctx.world.inA.Founder.post('/api/sponsor/updateSponsor', { id: created.json().data.id, endDate: '2026-04-01' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('End Date must not be before Start Date');
  });
});
