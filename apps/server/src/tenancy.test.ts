import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoNgoWorldOnce, type Caller } from '../test/api';
import { jpegPhoto } from '../test/images';
import { multipartBody } from '../test/multipart';
import { apiRoutes } from '../test/routes';

/**
 * Tenant canaries: NGO B's records all carry a marker string. Every route is called by every role
 * of NGO A, with B's ids and B's marker as search text, and no answer may contain the marker. One
 * world for the file: A's attempts are read-only or refused, and the last test checks B is untouched.
 */
const ctx = useTwoNgoWorldOnce();

async function seedCanaries(founderB: Caller, managerB: Caller, ngoB: number, marker: string) {
  const { payload, headers } = multipartBody({ fieldName: 'AnimalPictures' }, [{ filename: 'b.jpg', contentType: 'image/jpeg', data: await jpegPhoto() }]);
  const image = (await ctx.t.app.inject({ method: 'POST', url: '/api/image/createImage', payload, headers: { ...headers, cookie: founderB.cookie } })).json().data as string;
  const ok = async (url: string, body: object) => {
    const response = await founderB.post(url, body);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json().data;
  };
  await ok('/api/ngo/updateNgo', { ngoId: ngoB, desc: `${marker} ngo`, mission: marker, twitter: marker, logo: image });
  const user = await ok('/api/user/createUser', { name: `${marker} user`, email: `${marker.toLowerCase()}@example.org`, username: marker.toLowerCase(), contact: '9845012345', password: 'secret-123', role: 'Worker' });
  const reporter = await ok('/api/reporter/createReporter', { name: `${marker} reporter`, contact: '9845012345', email: `r.${marker.toLowerCase()}@example.org`, verificationId: [image] });
  const vet = await managerB.post('/api/vet/createVet', { name: `${marker} vet`, regId: marker.slice(0, 40) });
  const sponsor = await ok('/api/sponsor/createSponsor', { name: `${marker} sponsor`, type: 'OPD', amount: 10, startDate: '2026-01-01', endDate: '2026-12-31', logo: image });
  const kase = await ok('/api/case/createCase', { type: 'OPD' });
  await ok('/api/case/updateCase', { caseId: kase.id, causeOfFailure: marker });
  await ok('/api/case/updateReportingDetail', { caseId: kase.id, reporterName: marker, reporterContact: '9845012345', location: marker, landmark: marker, pincode: '560001', reportedDate: '2026-11-01', reportedTime: '10:00' });
  await ok('/api/case/updateAnimalDetail', { caseId: kase.id, uniqueID: marker.slice(0, 40), animalMarking: marker, animalPictures: [image] });
  await ok('/api/case/updateOperationDetail', { caseId: kase.id, vetName: marker });
  // ABC records: a ward, a collar number and a post-operative log entry carry the marker too.
  await ok('/api/case/updateReportingDetail', { caseId: kase.id, wardZone: `${marker} ward` });
  await ok('/api/case/updateAnimalDetail', { caseId: kase.id, collarTag: marker.slice(0, 40) });
  const logged = await ok('/api/case/addPostOpDay', { caseId: kase.id, dayNumber: 1, notes: marker, photos: [image] });
  const day = logged.postOpDays[0].id as number;
  return { image, ids: { user: user.id, reporter: reporter.id, vet: vet.json().data.id, sponsor: sponsor.id, case: kase.id, postOpDay: day } };
}

describe('tenant canaries', () => {
  // B's records, seeded once; each role of A then calls every route (one test a role, so that each
  // stays well inside the test time limit as routes are added).
  let marker = '';
  let seeded: Awaited<ReturnType<typeof seedCanaries>>;
  let bodies: object[] = [];
  beforeAll(async () => {
    marker = `CANARY${randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase()}`;
    const { world } = ctx;
    seeded = await seedCanaries(world.inB.Founder, world.inB.Manager, world.b.id, marker);
    bodies = [
      {},
      { search: marker },
      { search: marker.toLowerCase(), ngoId: world.b.id },
      { ngoName: 'Blue Cross Unit' },
      { ngoId: world.b.id },
      ...Object.values(seeded.ids).flatMap((id) => [{ id }, { caseId: id }, { id, ngoId: world.b.id }]),
      { image: seeded.image, ngoId: world.b.id },
    ];
  });

  it('the marker is really there to be found: the Admin sees B', async () => {
    const adminView = await ctx.world.admin.post('/api/case/getCaseByType', { search: marker });
    expect(adminView.body).toContain(marker);
  });

  it.each(['Founder', 'Manager', 'Worker'] as const)("never shows NGO A's %s anything of NGO B's", async (role) => {
    const { world } = ctx;
    const { image } = seeded;
    const caller = world.inA[role];
    let calls = 0;
    for (const route of apiRoutes(ctx.t.app)) {
      if (route.access === 'public' || route.url.endsWith('/changePassword')) continue;
      if (route.method === 'GET') {
        const urls = route.url.includes(':fileName')
          ? [`/api/image/getImage/${world.b.id}/${image}`, `/api/image/getImage/${world.a.id}/${image}`, `/api/image/getImage/platform/${image}`]
          : [route.url];
        for (const url of urls) {
          const response = await ctx.t.app.inject({ method: 'GET', url, headers: { cookie: caller.cookie } });
          calls++;
          if (url.includes('/getImage/')) expect(response.statusCode, `${role} GET ${url}`).toBe(404);
          expect(response.body, `${role} GET ${url}`).not.toContain(marker);
        }
        continue;
      }
      for (const body of bodies) {
        const response = await caller.post(route.url, body);
        calls++;
        expect(response.statusCode, `${role} ${route.url} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(response.body, `${role} ${route.url} ${JSON.stringify(body)}`).not.toContain(marker);
        expect(response.body.toLowerCase(), `${role} ${route.url}`).not.toContain(marker.toLowerCase());
      }
    }
    expect(calls).toBeGreaterThan(150);
  });

  it("leaves B's records as they were after every attempt of A's", async () => {
    const { world } = ctx;
    const bCase = await world.inB.Founder.post('/api/case/getCaseById', { id: seeded.ids.case });
    expect(bCase.json().data).toMatchObject({ status: 'Reported', causeOfFailure: marker });
    expect((await world.inB.Founder.post('/api/user/getUserById', { id: seeded.ids.user })).json().data.active).toBe(true);
  });
});
