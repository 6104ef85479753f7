import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld } from '../../../test/api';
import { jpegPhoto } from '../../../test/images';
import { multipartBody } from '../../../test/multipart';

const ctx = useTwoNgoWorld();

const fullNgo = {
  name: 'Karuna Animal Shelter',
  darpanId: 'KA/2019/0234567',
  desc: 'Street-dog ABC programme in Bengaluru.',
  mission: 'No animal left behind.',
  helpline: '+91 80 2345 6789',
  altHelpline: '98450 12345',
  facebook: 'https://facebook.com/karuna',
  linkedin: 'https://linkedin.com/company/karuna',
  instagram: 'https://instagram.com/karuna',
  twitter: '@karuna',
  email: 'help@karuna.org',
  website: 'https://karuna.org',
};

describe('NGOs', () => {
  it('lets an Admin create an NGO with every field, and reads them all back', async () => {
    const created = await ctx.world.admin.post('/api/ngo/createNgo', fullNgo);
    expect(created.statusCode, created.body).toBe(200);
    const ngo = created.json().data;
    const read = await ctx.world.admin.post('/api/ngo/getNgoById', { ngoId: ngo.id });
    expect(read.json().data).toEqual({ id: ngo.id, ...fullNgo, logo: null, regCert: [], panCard: [], facility: [], releaseThresholdM: 500, retentionMonths: 12, publicPageEnabled: false, publicSlug: null, servicePincodes: [], publicMessage: null });
  });

  it('refuses creating an NGO to everyone but Admin', async () => {
    for (const caller of [ctx.world.inA.Founder, ctx.world.inA.Manager, ctx.world.inA.Worker]) {
      expect((await caller.post('/api/ngo/createNgo', fullNgo)).statusCode).toBe(403);
    }
  });

  it('requires a name and checks formats, naming the field', async () => {
    const cases: Array<[object, string]> = [
      [{ ...fullNgo, name: ' ' }, 'Ngo Name is required'],
      [{ ...fullNgo, darpanId: undefined }, 'Darpan Id is required'],
      [{ ...fullNgo, darpanId: ' ' }, 'Darpan Id is required'],
      [{ ...fullNgo, email: 'help-at-karuna' }, 'NGO Email must be a valid email address'],
      [{ ...fullNgo, website: 'karuna.org' }, 'Website URL must be a web address starting with http:// or https://'],
      [{ ...fullNgo, helpline: 'call us' }, 'Helpline Number must be a phone number of 7 to 15 digits'],
      [{ ...fullNgo, altHelpline: '123' }, 'Alternate Helpline Number must be a phone number of 7 to 15 digits'],
    ];
    for (const [body, message] of cases) {
      const response = await ctx.world.admin.post('/api/ngo/createNgo', body);
      expect(response.statusCode, message).toBe(422);
      expect(response.json().message).toBe(message);
    }
  });

  it('needs a Darpan Id to add an NGO, but lets an edit leave it out or clear it', async () => {
    const created = await ctx.world.admin.post('/api/ngo/createNgo', fullNgo);
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    const renamed = await ctx.world.admin.post('/api/ngo/updateNgo', { ngoId: id, name: 'Karuna Trust' });
    expect(renamed.json().data).toMatchObject({ name: 'Karuna Trust', darpanId: fullNgo.darpanId });
    const cleared = await ctx.world.admin.post('/api/ngo/updateNgo', { ngoId: id, darpanId: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.darpanId).toBeNull();
  });

  it('keeps Darpan Ids unique, ignoring case', async () => {
    expect((await ctx.world.admin.post('/api/ngo/createNgo', fullNgo)).statusCode).toBe(200);
    const again = await ctx.world.admin.post('/api/ngo/createNgo', { name: 'Other', darpanId: fullNgo.darpanId.toLowerCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('An NGO with this Darpan Id already exists.');
    const update = await ctx.world.admin.post('/api/ngo/updateNgo', { ngoId: ctx.world.a.id, darpanId: fullNgo.darpanId });
    expect(update.statusCode).toBe(409);
  });

  it('lets a Founder edit their own NGO, including the alternate helpline and the images, but not another', async () => {
    const founder = ctx.world.inA.Founder;
    const { payload, headers } = multipartBody({ fieldName: 'Logo' }, [{ filename: 'logo.jpg', contentType: 'image/jpeg', data: await jpegPhoto() }]);
    const logo = (await ctx.t.app.inject({ method: 'POST', url: '/api/image/createImage', payload, headers: { ...headers, cookie: founder.cookie } })).json().data;
    const updated = await founder.post('/api/ngo/updateNgo', { ngoId: ctx.world.a.id, altHelpline: '98450 12345', logo, facility: [logo] });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Green Paws Trust', altHelpline: '98450 12345', logo, facility: [logo] });
    expect((await founder.post('/api/ngo/updateNgo', { ngoId: ctx.world.b.id, name: 'Taken over' })).statusCode).toBe(404);
    expect((await founder.post('/api/ngo/getNgoById', { ngoId: ctx.world.b.id })).statusCode).toBe(404);
    const foreignLogo = await ctx.world.inB.Founder.post('/api/ngo/updateNgo', { ngoId: ctx.world.b.id, logo });
    expect(foreignLogo.statusCode).toBe(422);
    expect(foreignLogo.json().message).toBe('NGO Logo refers to an image that was not uploaded for this NGO');
  });

  it('clears a field sent as null and keeps a field left out', async () => {
    await ctx.world.admin.post('/api/ngo/updateNgo', { ngoId: ctx.world.a.id, mission: 'Care', email: 'a@b.org' });
    const cleared = await ctx.world.admin.post('/api/ngo/updateNgo', { ngoId: ctx.world.a.id, mission: null });
    expect(cleared.json().data).toMatchObject({ mission: null, email: 'a@b.org' });
  });

  it('shows a Founder only their own NGO in the list, and an Admin all of them, searchable', async () => {
    const mine = await ctx.world.inA.Founder.post('/api/ngo/getNgos');
    expect(mine.json().data.map((n: { id: number }) => n.id)).toEqual([ctx.world.a.id]);
    const all = await ctx.world.admin.post('/api/ngo/getNgos', {});
    expect(all.json().meta.total).toBe(2);
    const found = await ctx.world.admin.post('/api/ngo/getNgos', { search: 'blue' });
    expect(found.json().data.map((n: { name: string }) => n.name)).toEqual(['Blue Cross Unit']);
  });

  it('refuses Managers and Workers the NGO screens', async () => {
    expect((await ctx.world.inA.Manager.post('/api/ngo/getNgos')).statusCode).toBe(403);
    expect((await ctx.world.inA.Worker.post('/api/ngo/getNgoById', { ngoId: ctx.world.a.id })).statusCode).toBe(403);
  });

  it('records NGO changes in the audit log by field name', async () => {
    await ctx.world.admin.post('/api/ngo/updateNgo', { ngoId: ctx.world.a.id, mission: 'Care', name: 'Green Paws Trust' });
    const rows = await ctx.t.database.db.selectFrom('audit_log').select(['action', 'fields', 'actor_role']).where('entity', '=', 'ngo').execute();
    expect(rows).toEqual([{ action: 'update', fields: '["mission"]', actor_role: 'Admin' }]);
  });
});
