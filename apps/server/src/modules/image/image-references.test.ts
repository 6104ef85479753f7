import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld, type Caller } from '../../../test/api';
import { jpegPhoto } from '../../../test/images';
import { multipartBody } from '../../../test/multipart';

const ctx = useTwoNgoWorld();

async function upload(caller: Caller, fieldName: string): Promise<string> {
  const { payload, headers } = multipartBody({ fieldName }, [{ filename: 'a.jpg', contentType: 'image/jpeg', data: await jpegPhoto() }]);
  const response = await ctx.t.app.inject({ method: 'POST', url: '/api/image/createImage', payload, headers: { ...headers, cookie: caller.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function ok(caller: Caller, url: string, body: object) {
  const response = await caller.post(url, body);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json().data;
}

describe('deleting an image that records still use', () => {
  it("removes the name from every record of the image's NGO, audits each record by field, and leaves other NGOs alone", async () => {
    const { world } = ctx;
    const founder = world.inA.Founder;
    const photo = await upload(founder, 'AnimalPictures');
    const kept = await upload(founder, 'AnimalPictures');

    const kase = await ok(founder, '/api/case/createCase', { type: 'OPD' });
    await ok(founder, '/api/case/updateAnimalDetail', { caseId: kase.id, animalPictures: [kept, photo] });
    await ok(founder, '/api/case/updateReportingDetail', {
      caseId: kase.id,
      reporterName: 'Asha',
      reporterContact: '9845012345',
      location: 'MG Road',
      landmark: 'Metro',
      pincode: '560001',
      reportedDate: '2026-11-01',
      reportedTime: '10:00',
      verificationIdFrontImage: photo,
    });
    const user = await ok(founder, '/api/user/createUser', {
      name: 'Ravi',
      email: 'ravi@example.org',
      username: 'ravi',
      contact: '9845012345',
      password: 'secret-123',
      role: 'Worker',
      profileImage: photo,
    });
    const sponsor = await ok(founder, '/api/sponsor/createSponsor', { name: 'Tata Trusts', type: 'OPD', amount: 10, startDate: '2026-01-01', endDate: '2026-12-31', logo: photo });
    await ok(founder, '/api/ngo/updateNgo', { ngoId: world.a.id, logo: photo, facility: [photo, kept] });

    // Another NGO's sponsor holding the same name (written directly: the API would refuse it).
    const foreign = await ok(world.inB.Founder, '/api/sponsor/createSponsor', { name: 'Other Trust', type: 'OPD', amount: 10, startDate: '2026-01-01', endDate: '2026-12-31' });
    await ctx.t.database.db.updateTable('sponsors').set({ logo: photo }).where('id', '=', foreign.id).execute();

    const deleted = await founder.post('/api/image/deleteImage', { image: photo });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const saved = await ok(founder, '/api/case/getCaseById', { id: kase.id });
    expect(saved.animalDetail.animalPictures).toEqual([kept]);
    expect(saved.reportingDetail.verificationIdFrontImage).toBeNull();
    expect(saved.reportingDetail.reporterName).toBe('Asha');
    expect((await ok(founder, '/api/user/getUserById', { id: user.id })).profileImage).toBeNull();
    expect((await ok(founder, '/api/sponsor/getSponsorById', { id: sponsor.id })).logo).toBeNull();
    expect(await ok(founder, '/api/ngo/getNgoById', { ngoId: world.a.id })).toMatchObject({ logo: null, facility: [kept] });
    expect((await ok(world.inB.Founder, '/api/sponsor/getSponsorById', { id: foreign.id })).logo).toBe(photo);

    const audit = await ctx.t.database.db.selectFrom('audit_log').select(['entity', 'entity_id', 'fields', 'ngo_id']).where('action', '=', 'deleteImage').orderBy('id').execute();
    const entries = audit.map((a) => ({ entity: a.entity, id: a.entity_id, fields: JSON.parse(a.fields), ngoId: a.ngo_id }));
    expect(entries).toEqual(
      expect.arrayContaining([
        { entity: 'case', id: String(kase.id), fields: expect.arrayContaining(['verificationIdFrontImage', 'animalPictures']), ngoId: world.a.id },
        { entity: 'user', id: String(user.id), fields: ['profileImage'], ngoId: world.a.id },
        { entity: 'sponsor', id: String(sponsor.id), fields: ['logo'], ngoId: world.a.id },
        { entity: 'ngo', id: String(world.a.id), fields: expect.arrayContaining(['logo', 'facility']), ngoId: world.a.id },
      ]),
    );
    expect(entries).toHaveLength(4);
  });

  it('keeps every reference when the delete is refused', async () => {
    const photo = await upload(ctx.world.inA.Founder, 'Logo');
    const sponsor = await ok(ctx.world.inA.Founder, '/api/sponsor/createSponsor', { name: 'Tata Trusts', type: 'OPD', amount: 10, startDate: '2026-01-01', endDate: '2026-12-31', logo: photo });
    // A Worker may delete only their own uploads.
    const refused = await ctx.world.inA.Worker.post('/api/image/deleteImage', { image: photo });
    expect(refused.statusCode).toBe(403);
    expect((await ok(ctx.world.inA.Founder, '/api/sponsor/getSponsorById', { id: sponsor.id })).logo).toBe(photo);
  });
});
