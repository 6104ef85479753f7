import { describe, expect, it, vi } from 'vitest';
import { useTwoNgoWorld } from '../../../test/api';
import { CAPTURE_POINT, REPORTING, newCase, ok, refused, releasePointNorth, upload } from '../../../test/cases';

/** The case timeline (docs/product.md#the-case-timeline), on both databases. */
const ctx = useTwoNgoWorld();

const TIMELINE = '/api/case/getCaseTimeline';

interface Entry {
  id: number;
  at: string;
  action: string;
  actorId: number | null;
  actorName: string | null;
  actorRole: string | null;
  fields: string[];
  changes: Array<{ field: string; from: unknown; to: unknown }>;
}

describe('case timeline', () => {
  it('shows every change newest first: who, in which role, when, and each field from old to new', async () => {
    const { world } = ctx;
    const worker = world.inA.Worker;
    const id = await newCase(worker, { type: 'Sterilization' });
    await ok(worker, '/api/case/updateReportingDetail', { caseId: id, ...REPORTING, ...CAPTURE_POINT });
    await ok(worker, '/api/case/updateAnimalDetail', { caseId: id, animalWeight: 12, collarTag: 'R-17' });
    await ok(world.inA.Manager, '/api/case/updateAnimalDetail', { caseId: id, animalWeight: '13.5', collarTag: 'R-17' });
    await ok(world.inA.Manager, '/api/case/updateCase', { caseId: id, status: 'Admitted', mortality: 'Healthy' });
    await ok(worker, '/api/case/updatePostOperationDetail', { caseId: id, ...releasePointNorth(900), releaseOverrideReason: 'Road dug up' });
    await ok(worker, '/api/case/addPostOpDay', { caseId: id, dayNumber: 1, woundState: 'Clean', temperature: 38.6 });
    await ok(world.inA.Manager, '/api/case/deleteCase', { caseId: id });
    await ok(world.inA.Founder, '/api/case/restoreCase', { caseId: id });

    const page = (await ok(world.inA.Founder, TIMELINE, { caseId: id })) as unknown;
    const response = await world.inA.Founder.post(TIMELINE, { caseId: id });
    const { data, meta } = response.json() as { data: Entry[]; meta: { total: number; page: number; pageSize: number } };
    expect(page).toEqual(data);
    expect(meta).toEqual({ total: 9, page: 1, pageSize: 20 });
    expect(data.map((e) => e.action)).toEqual([
      'restore',
      'delete',
      'addPostOpDay',
      'updatePostOperationDetail',
      'update',
      'updateAnimalDetail',
      'updateAnimalDetail',
      'updateReportingDetail',
      'create',
    ]);
    const [restore, deletion, day, release, status, weight, animal, reporter, create] = data as [Entry, Entry, Entry, Entry, Entry, Entry, Entry, Entry, Entry];
    expect(restore).toMatchObject({ actorId: world.inA.Founder.id, actorRole: 'Founder', actorName: expect.stringMatching(/^Founder /), changes: [] });
    expect(deletion).toMatchObject({ actorRole: 'Manager' });
    expect(day.changes).toEqual([
      { field: 'postOpDays.1.dayNumber', from: null, to: 1 },
      { field: 'postOpDays.1.woundState', from: null, to: 'Clean' },
      { field: 'postOpDays.1.temperature', from: null, to: 38.6 },
    ]);
    expect(release.changes).toEqual(
      expect.arrayContaining([
        { field: 'releaseOverrideReason', from: null, to: 'Road dug up' },
        { field: 'releaseDistanceM', from: null, to: 900 },
        { field: 'releaseFlagged', from: false, to: true },
      ]),
    );
    expect(status).toMatchObject({ actorRole: 'Manager', fields: ['status'], changes: [{ field: 'status', from: 'Reported', to: 'Admitted' }] });
    // Only what changed: the collar number sent again unchanged is not listed.
    expect(weight).toMatchObject({ actorRole: 'Manager', changes: [{ field: 'animalWeight', from: 12, to: 13.5 }] });
    expect(animal.changes).toEqual([
      { field: 'animalWeight', from: null, to: 12 },
      { field: 'collarTag', from: null, to: 'R-17' },
    ]);
    expect(reporter.changes).toContainEqual({ field: 'reporterName', from: null, to: 'Anita Desai' });
    expect(reporter.changes).toContainEqual({ field: 'captureLatitude', from: null, to: CAPTURE_POINT.captureLatitude });
    expect(create).toMatchObject({ actorId: worker.id, actorRole: 'Worker', changes: [{ field: 'type', from: null, to: 'Sterilization' }, { field: 'status', from: null, to: 'Reported' }, { field: 'mortality', from: null, to: 'Healthy' }] });
    expect(new Date(create.at).getTime()).toBeLessThanOrEqual(new Date(restore.at).getTime());
  });

  it('keeps the name and role the actor had at the time', async () => {
    const { world } = ctx;
    const id = await newCase(world.inA.Worker);
    await ok(world.inA.Founder, '/api/user/updateUser', { id: world.inA.Worker.id, name: 'Renamed Later', role: 'Manager' });
    const [create] = (await ok(world.inA.Founder, TIMELINE, { caseId: id })) as Entry[];
    expect(create).toMatchObject({ actorId: world.inA.Worker.id, actorRole: 'Worker', actorName: expect.stringMatching(/^Worker /) });
  });

  it('pages the timeline newest first with the total', async () => {
    const worker = ctx.world.inA.Worker;
    const id = await newCase(worker);
    for (let i = 1; i <= 7; i++) await ok(worker, '/api/case/updateAnimalDetail', { caseId: id, animalWeight: i });
    const pageOf = async (page: number) => (await worker.post(TIMELINE, { caseId: id, page, pageSize: 3 })).json() as { data: Entry[]; meta: { total: number } };
    const pages = [await pageOf(1), await pageOf(2), await pageOf(3), await pageOf(4)];
    expect(pages.map((p) => p.meta.total)).toEqual([8, 8, 8, 8]);
    expect(pages.map((p) => p.data.map((e) => e.changes[0]?.to ?? e.action))).toEqual([[7, 6, 5], [4, 3, 2], [1, 'Sterilization'], []]);
    await refused(worker, TIMELINE, { caseId: id, pageSize: 101 }, 422, 'pageSize must be at most 100');
  });

  it('shows images by file name: added in a step, removed when the image is deleted', async () => {
    const { world } = ctx;
    const id = await newCase(world.inA.Worker);
    const first = await upload(ctx.t, world.inA.Worker, 'AnimalPictures');
    const second = await upload(ctx.t, world.inA.Worker, 'AnimalPictures');
    await ok(world.inA.Worker, '/api/case/updateAnimalDetail', { caseId: id, animalPictures: [first, second] });
    await ok(world.inA.Worker, '/api/image/deleteImage', { image: first });
    const [removed, added] = (await ok(world.inA.Worker, TIMELINE, { caseId: id })) as Entry[];
    expect(added!.changes).toEqual([{ field: 'animalPictures', from: [], to: [first, second] }]);
    expect(removed).toMatchObject({ action: 'deleteImage', actorRole: 'Worker', changes: [{ field: 'animalPictures', from: [first, second], to: [second] }] });
  });

  it("logs views of a case's identity documents once per person per ten minutes, shown to Admins and Founders only", async () => {
    const { world } = ctx;
    const id = await newCase(world.inA.Worker);
    const idFront = await upload(ctx.t, world.inA.Worker, 'verificationIdFrontImage');
    const consent = await upload(ctx.t, world.inA.Worker, 'consentFormImage');
    const photo = await upload(ctx.t, world.inA.Worker, 'AnimalPictures');
    await ok(world.inA.Worker, '/api/case/updateReportingDetail', { caseId: id, ...REPORTING, verificationIdFrontImage: idFront, consentFormImage: [consent] });
    await ok(world.inA.Worker, '/api/case/updateAnimalDetail', { caseId: id, animalPictures: [photo] });
    const view = async (cookie: string, file: string, query = '') => {
      const response = await ctx.t.app.inject({ method: 'GET', url: `/api/image/getImage/${world.a.id}/${file}${query}`, headers: { cookie } });
      expect(response.statusCode).toBe(200);
    };
    await view(world.inA.Worker.cookie, idFront);
    await view(world.inA.Worker.cookie, idFront, '?w=192');
    await view(world.inA.Worker.cookie, idFront);
    await view(world.inA.Manager.cookie, idFront);
    await view(world.inA.Manager.cookie, consent);
    await view(world.inA.Manager.cookie, photo);
    await view(world.admin.cookie, idFront);

    const views = (entries: Entry[]) => entries.filter((e) => e.action === 'viewIdentityImage');
    const founder = views((await ok(world.inA.Founder, TIMELINE, { caseId: id })) as Entry[]);
    expect(founder.map((e) => [e.actorRole, e.changes])).toEqual([
      ['Admin', [{ field: 'verificationIdFrontImage', from: idFront, to: idFront }]],
      ['Manager', [{ field: 'consentFormImage', from: consent, to: consent }]],
      ['Manager', [{ field: 'verificationIdFrontImage', from: idFront, to: idFront }]],
      ['Worker', [{ field: 'verificationIdFrontImage', from: idFront, to: idFront }]],
    ]);
    expect(views((await ok(world.admin, TIMELINE, { caseId: id })) as Entry[])).toHaveLength(4);
    for (const caller of [world.inA.Manager, world.inA.Worker]) {
      const response = (await caller.post(TIMELINE, { caseId: id })).json() as { data: Entry[]; meta: { total: number } };
      expect(views(response.data)).toEqual([]);
      expect(response.meta.total).toBe(3);
    }

    // Ten minutes on, the same person's view is logged again.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60 * 1000 + 1000);
      await view(world.inA.Worker.cookie, idFront);
      await view(world.inA.Worker.cookie, idFront);
    } finally {
      vi.useRealTimers();
    }
    const after = views((await ok(world.inA.Founder, TIMELINE, { caseId: id, pageSize: 100 })) as Entry[]);
    expect(after.filter((e) => e.actorRole === 'Worker')).toHaveLength(2);

    // An identity document no longer on the case is not logged on it.
    await ok(world.inA.Worker, '/api/case/updateReportingDetail', { caseId: id, verificationIdFrontImage: null });
    await view(world.inA.Founder.cookie, idFront);
    expect(views((await ok(world.inA.Founder, TIMELINE, { caseId: id, pageSize: 100 })) as Entry[])).toHaveLength(5);
  });

  it("shows another NGO nothing of a case's timeline", async () => {
    const { world } = ctx;
    const id = await newCase(world.inA.Worker);
    await ok(world.inA.Worker, '/api/case/updateReportingDetail', { caseId: id, ...REPORTING, reporterName: 'Secret Reporter' });
    for (const caller of [world.inB.Founder, world.inB.Manager, world.inB.Worker]) {
      const response = await caller.post(TIMELINE, { caseId: id });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Secret Reporter');
    }
    expect((await world.admin.post(TIMELINE, { caseId: id })).json().meta.total).toBe(2);
  });
});
