import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld, type Caller } from '../../../test/api';
import { jpegPhoto } from '../../../test/images';
import { multipartBody } from '../../../test/multipart';

const ctx = useTwoNgoWorld();

async function uploadAs(caller: Caller, fieldName: string): Promise<string> {
  const { payload, headers } = multipartBody({ fieldName }, [{ filename: 'a.jpg', contentType: 'image/jpeg', data: await jpegPhoto() }]);
  const response = await ctx.t.app.inject({ method: 'POST', url: '/api/image/createImage', payload, headers: { ...headers, cookie: caller.cookie } });
  return response.json().data;
}

/** Reporters, vets and sponsors share their rules; each is run through the same checks. */
const entities = [
  {
    prefix: 'reporter',
    names: { list: 'getReporters', get: 'getReporterById', create: 'createReporter', update: 'updateReporter' },
    maker: 'Worker' as const,
    valid: { name: 'Lakshmi Rao', contact: '+91 98450 12345' },
    change: { email: 'lakshmi@example.org' },
    required: [[{ contact: '9845012345' }, 'Reporter name is required'], [{ name: 'Lakshmi' }, 'Phone Number is required']] as Array<[object, string]>,
    formats: [[{ name: 'L', contact: '98450', email: 'x' }, 'Phone Number must be a phone number of 7 to 15 digits'], [{ name: 'L', contact: '9845012345', email: 'x@' }, 'Email ID must be a valid email address']] as Array<[object, string]>,
    search: 'lakshmi',
    image: 'verificationId',
  },
  {
    prefix: 'vet',
    names: { list: 'getVets', get: 'getVetById', create: 'createVet', update: 'updateVet' },
    maker: 'Manager' as const,
    valid: { name: 'Dr. Arjun Shetty', regId: 'KVC-2231' },
    change: { regId: 'KVC-9999' },
    required: [[{ regId: 'KVC-1' }, 'Vet name is required'], [{ name: 'Dr. A' }, 'Registration ID is required']] as Array<[object, string]>,
    formats: [[{ name: 'Dr. A', regId: 'x'.repeat(51) }, 'Registration ID must be at most 50 characters']] as Array<[object, string]>,
    search: 'kvc-2231',
    image: 'vetCertification',
  },
  {
    prefix: 'sponsor',
    names: { list: 'getSponsors', get: 'getSponsorById', create: 'createSponsor', update: 'updateSponsor' },
    maker: 'Founder' as const,
    valid: { name: 'Tata Trusts', type: 'Sterilization', amount: '250000', startDate: '2026-04-01', endDate: '2027-03-31' },
    change: { amount: 300000.5 },
    required: [[{ type: 'OPD', amount: 5, startDate: '2026-01-01', endDate: '2026-01-01' }, 'Sponsor Name is required']] as Array<[object, string]>,
    formats: [
      [{ name: 'S', type: 'OPD', amount: 'lots', startDate: '2026-01-01', endDate: '2026-01-02' }, 'Sponsor Amount must be a number'],
      [{ name: 'S', type: 'OPD', amount: -5, startDate: '2026-01-01', endDate: '2026-01-02' }, 'Sponsor Amount must be at least 0'],
      [{ name: 'S', type: 'Fun', amount: 5, startDate: '2026-01-01', endDate: '2026-01-02' }, 'Sponsorship Type must be one of Vaccination, Sterilization, OPD, IPD, Adoption, Post Op Care, Other'],
      [{ name: 'S', type: 'OPD', amount: 5, startDate: '2026-02-30', endDate: '2026-03-02' }, 'Start Date must be a date (YYYY-MM-DD)'],
      [{ name: 'S', type: 'OPD', amount: 5, startDate: '2026-03-01', endDate: '2026-02-01' }, 'End Date must not be before Start Date'],
    ] as Array<[object, string]>,
    search: 'TATA',
    image: 'logo',
  },
];

for (const e of entities) {
  const url = (name: string) => `/api/${e.prefix}/${name}`;

  describe(`${e.prefix}s`, () => {
    it('creates, reads and updates a record in the creator’s NGO', async () => {
      const maker = ctx.world.inA[e.maker];
      const created = await maker.post(url(e.names.create), { ...e.valid, ngoId: undefined });
      expect(created.statusCode, created.body).toBe(200);
      const record = created.json().data;
      expect(record.ngoId).toBe(ctx.world.a.id);
      const read = await maker.post(url(e.names.get), { id: record.id });
      expect(read.json().data).toEqual(record);
      const updated = await maker.post(url(e.names.update), { id: record.id, ...e.change });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().data).toMatchObject({ ...e.change, name: record.name });
      const audit = await ctx.t.database.db.selectFrom('audit_log').select(['action', 'fields']).where('entity', '=', e.prefix).execute();
      expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
      expect(JSON.parse(audit[1]!.fields)).toEqual(Object.keys(e.change));
    });

    it('refuses missing required fields with the field named', async () => {
      for (const [body, message] of e.required) {
        const response = await ctx.world.inA[e.maker].post(url(e.names.create), body);
        expect(response.statusCode, message).toBe(422);
        expect(response.json().message).toBe(message);
      }
    });

    it('refuses badly formatted fields with the field named', async () => {
      for (const [body, message] of e.formats) {
        const response = await ctx.world.inA[e.maker].post(url(e.names.create), body);
        expect(response.statusCode, message).toBe(422);
        expect(response.json().message).toBe(message);
      }
    });

    it('updates exactly the record named by id, and only in the caller’s NGO', async () => {
      const first = (await ctx.world.inA[e.maker].post(url(e.names.create), e.valid)).json().data;
      const second = (await ctx.world.inA[e.maker].post(url(e.names.create), { ...e.valid, name: 'Second One' })).json().data;
      await ctx.world.inA[e.maker].post(url(e.names.update), { id: second.id, name: 'Renamed' });
      expect((await ctx.world.inA[e.maker].post(url(e.names.get), { id: first.id })).json().data.name).toBe(e.valid.name);
      const foreign = ctx.world.inB[e.maker];
      expect((await foreign.post(url(e.names.get), { id: first.id })).statusCode).toBe(404);
      expect((await foreign.post(url(e.names.update), { id: first.id, name: 'Hijacked' })).statusCode).toBe(404);
      expect((await ctx.world.inA[e.maker].post(url(e.names.get), { id: first.id })).json().data.name).toBe(e.valid.name);
      const list = await foreign.post(url(e.names.list), {});
      expect(list.json().meta.total).toBe(0);
    });

    it('lets an Admin choose the NGO, by id or name, and requires one', async () => {
      expect((await ctx.world.admin.post(url(e.names.create), e.valid)).json().message).toBe('NGO is required');
      const byId = await ctx.world.admin.post(url(e.names.create), { ...e.valid, ngoId: ctx.world.b.id });
      expect(byId.json().data.ngoId).toBe(ctx.world.b.id);
      const byName = await ctx.world.admin.post(url(e.names.create), { ...e.valid, ngoName: 'Green Paws Trust' });
      expect(byName.json().data.ngoId).toBe(ctx.world.a.id);
      expect((await ctx.world.admin.post(url(e.names.list), { ngoId: ctx.world.b.id })).json().meta.total).toBe(1);
      expect((await ctx.world.admin.post(url(e.names.list), {})).json().meta.total).toBe(2);
    });

    it('finds records by search, case-insensitively, and pages them', async () => {
      for (let i = 0; i < 3; i++) await ctx.world.inA[e.maker].post(url(e.names.create), e.valid);
      await ctx.world.inA[e.maker].post(url(e.names.create), { ...e.valid, name: 'Someone Else', ...(e.prefix === 'vet' ? { regId: 'OTHER-1' } : {}) });
      const found = await ctx.world.inA[e.maker].post(url(e.names.list), { search: e.search, pageSize: 2 });
      expect(found.json().meta).toEqual({ total: 3, page: 1, pageSize: 2 });
      expect(found.json().data).toHaveLength(2);
    });

    it('accepts only images uploaded for the same NGO', async () => {
      const own = await uploadAs(ctx.world.inA[e.maker], 'Verification');
      const foreign = await uploadAs(ctx.world.inB[e.maker], 'Verification');
      const value = (name: string) => (e.image === 'logo' ? name : [name]);
      const ok = await ctx.world.inA[e.maker].post(url(e.names.create), { ...e.valid, [e.image]: value(own) });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data[e.image]).toEqual(value(own));
      const refused = await ctx.world.inA[e.maker].post(url(e.names.create), { ...e.valid, [e.image]: value(foreign) });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toMatch(/refers to an image that was not uploaded for this NGO/);
    });
  });
}

describe('directory permissions', () => {
  it('lets every role manage reporters, and refuses Workers vets and Workers and Managers sponsors', async () => {
    expect((await ctx.world.inA.Worker.post('/api/reporter/getReporters')).statusCode).toBe(200);
    expect((await ctx.world.inA.Worker.post('/api/vet/getVets')).statusCode).toBe(403);
    expect((await ctx.world.inA.Manager.post('/api/vet/getVets')).statusCode).toBe(200);
    expect((await ctx.world.inA.Manager.post('/api/sponsor/getSponsors')).statusCode).toBe(403);
    expect((await ctx.world.inA.Worker.post('/api/sponsor/createSponsor', {})).statusCode).toBe(403);
  });

  it('treats reporter alternate phone and email as optional, and clears them with null', async () => {
    const created = await ctx.world.inA.Worker.post('/api/reporter/createReporter', { name: 'Asha', contact: '9845012345', alternateContact: '', email: '' });
    expect(created.json().data).toMatchObject({ alternateContact: null, email: null });
    const id = created.json().data.id;
    await ctx.world.inA.Worker.post('/api/reporter/updateReporter', { id, email: 'asha@example.org' });
    const cleared = await ctx.world.inA.Worker.post('/api/reporter/updateReporter', { id, email: null });
    expect(cleared.json().data.email).toBeNull();
    expect(cleared.json().data.contact).toBe('9845012345');
  });

  it('checks a sponsor date change against the stored other date', async () => {
    const created = await ctx.world.inA.Founder.post('/api/sponsor/createSponsor', { name: 'S', type: 'OPD', amount: 5, startDate: '2026-05-01', endDate: '2026-06-01' });
    const response = await ctx.world.inA.Founder.post('/api/sponsor/updateSponsor', { id: created.json().data.id, endDate: '2026-04-01' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('End Date must not be before Start Date');
  });
});
