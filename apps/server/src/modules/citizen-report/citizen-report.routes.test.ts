import { randomBytes } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld, type Caller } from '../../../test/api';
import { jpegPhoto } from '../../../test/images';
import { multipartBody, type FilePart } from '../../../test/multipart';

const ctx = useTwoNgoWorld();
const SCRIPT = '<script>alert(1)</script><img src=x onerror=alert(2)>';

async function openPage(founder: Caller, ngoId: number, slug: string, extra: object = {}) {
  const response = await founder.post('/api/ngo/updateNgo', { ngoId, publicPageEnabled: true, publicSlug: slug, servicePincodes: '560001, 560002', ...extra });
  expect(response.statusCode, response.body).toBe(200);
}

/** What the altcha widget sends: the page's challenge, solved. */
async function solved(slug: string): Promise<string> {
  const response = await ctx.t.app.inject({ method: 'GET', url: `/api/public/page/${slug}/challenge` });
  expect(response.statusCode, response.body).toBe(200);
  const challenge = response.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const fields = (overrides: Record<string, string> = {}) => ({
  latitude: '12.9716',
  longitude: '77.5946',
  accuracy: '12',
  animalType: 'Dog',
  condition: 'injured',
  description: 'Limping near the bus stop',
  reporterName: 'Meena Rao',
  reporterPhone: '98450 11111',
  consent: 'true',
  language: 'hi',
  ...overrides,
});

async function send(slug: string, values: Record<string, string>, files: FilePart[] = [], options: { altcha?: string | null } = {}) {
  const altcha = options.altcha === undefined ? await solved(slug) : options.altcha;
  const { payload, headers } = multipartBody({ ...values, ...(altcha === null ? {} : { altcha }) }, files);
  return ctx.t.app.inject({ method: 'POST', url: `/api/public/page/${slug}/report`, payload, headers, remoteAddress: '203.0.113.7' });
}

const photo = async (): Promise<FilePart> => ({ field: 'photo', filename: 'dog.jpg', contentType: 'image/jpeg', data: await jpegPhoto({ gps: true }) });

describe('the public report page', () => {
  it('takes a report with a photo and GPS, answers a code, a tracking link and a QR, and tracking shows only milestones', async () => {
    await openPage(ctx.world.inA.Founder, ctx.world.a.id, 'green-paws', { helpline: '080 2345 6789' });
    await ctx.t.database.db.updateTable('ngos').set({ base_latitude: 12.9716, base_longitude: 77.6046 }).where('id', '=', ctx.world.a.id).execute();
    const page = await ctx.t.app.inject({ method: 'GET', url: '/api/public/page/Green-Paws' });
    expect(page.json().data).toMatchObject({ slug: 'green-paws', ngoName: 'Green Paws Trust', helpline: '080 2345 6789' });

    const sent = await send('green-paws', fields({ pincode: '560099', address: 'MG Road' }), [await photo()]);
    expect(sent.statusCode, sent.body).toBe(200);
    const { code, trackingPath, qrSvg } = sent.json().data;
    expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(trackingPath).toMatch(/^\/t\/[A-Za-z0-9_-]{22}$/);
    expect(qrSvg).toContain('<svg');

    const tracked = await ctx.t.app.inject({ method: 'GET', url: `/api/public/track/${trackingPath.slice(3)}` });
    expect(tracked.json().data).toEqual({ ngoName: 'Green Paws Trust', helpline: '080 2345 6789', code, milestones: [{ kind: 'received', at: expect.any(String), reason: null }], noticesOn: false, open: true, additions: [] });
    expect(tracked.body).not.toContain('Meena');

    const list = await ctx.world.inA.Worker.post('/api/intake/getReports', {});
    const [report] = list.json().data;
    // 560099 is not among the pincodes served: received, and marked.
    expect(report).toMatchObject({ code, status: 'new', outsideArea: true, latitude: 12.9716, reporterName: 'Meena Rao', condition: 'injured' });
    // 0.01 degree of longitude east of the report, at Bengaluru's latitude.
    expect(report.distanceM).toBeGreaterThan(1080);
    expect(report.distanceM).toBeLessThan(1090);
    expect(report.photos).toHaveLength(1);
    // The photo was re-encoded: its EXIF position is gone.
    const stored = await ctx.t.store.read({ ngoId: ctx.world.a.id, fileName: report.photos[0] });
    expect(stored!.includes(Buffer.from('GPS'))).toBe(false);
    const consent = await ctx.t.database.db.selectFrom('citizen_reports').select(['consent_notice_version', 'consent_at', 'token_hash']).executeTakeFirstOrThrow();
    expect(consent.consent_notice_version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(consent.token_hash).not.toContain(trackingPath.slice(3));
  });

  it('answers a page switched off, an unknown address and a malformed one with the same 404', async () => {
    await openPage(ctx.world.inA.Founder, ctx.world.a.id, 'green-paws');
    await ctx.world.inA.Founder.post('/api/ngo/updateNgo', { ngoId: ctx.world.a.id, publicPageEnabled: false });
    for (const slug of ['green-paws', 'no-such-ngo', '..%2F..%2Fetc']) {
      const response = await ctx.t.app.inject({ method: 'GET', url: `/api/public/page/${slug}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('This report page does not exist or is switched off.');
    }
    const sent = await send('green-paws', fields(), [], { altcha: 'x' });
    expect(sent.statusCode).toBe(404);
  });

  it("files a report sent to another NGO's page under that NGO only", async () => {
    await openPage(ctx.world.inB.Founder, ctx.world.b.id, 'blue-cross');
    const taken = await ctx.world.inA.Founder.post('/api/ngo/updateNgo', { ngoId: ctx.world.a.id, publicSlug: 'Blue-Cross' });
    expect(taken.statusCode).toBe(409);
    expect((await send('blue-cross', fields())).statusCode).toBe(200);
    expect((await ctx.world.inA.Manager.post('/api/intake/getReports', {})).json().meta.total).toBe(0);
    const [report] = (await ctx.world.inB.Manager.post('/api/intake/getReports', {})).json().data;
    expect((await ctx.world.inA.Manager.post('/api/intake/acceptReport', { reportId: report.id })).statusCode).toBe(404);
    expect((await ctx.world.inA.Manager.post('/api/intake/declineReport', { reportId: report.id, reason: 'x' })).statusCode).toBe(404);
  });

  it('refuses a missing, forged or reused proof of work, with a clear message', async () => {
    await openPage(ctx.world.inA.Founder, ctx.world.a.id, 'green-paws');
    const missing = await send('green-paws', fields(), [], { altcha: null });
    expect(missing.statusCode).toBe(422);
    const challengeMessage = 'The check that you are a person did not pass. Wait for it to finish, then send again.';
    expect(missing.json().message).toContain(challengeMessage);
    const forged = await send('green-paws', fields(), [], { altcha: Buffer.from('{"challenge":{"parameters":{}},"solution":{"counter":1,"derivedKey":"00"}}').toString('base64') });
    expect(forged.json().message).toBe(challengeMessage);
    const answer = await solved('green-paws');
    expect((await send('green-paws', fields(), [], { altcha: answer })).statusCode).toBe(200);
    const reused = await send('green-paws', fields({ reporterPhone: '98450 22222' }), [], { altcha: answer });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe(challengeMessage);
  });

  it('limits reports per phone number and per connection, and photos by count and kind', async () => {
    await openPage(ctx.world.inA.Founder, ctx.world.a.id, 'green-paws');
    for (let i = 0; i < 3; i++) expect((await send('green-paws', fields())).statusCode).toBe(200);
    const byPhone = await send('green-paws', fields());
    expect(byPhone.statusCode).toBe(429);
    expect(byPhone.json().message).toBe('Too many reports from this phone number today. Please call the helpline.');
    expect((await send('green-paws', fields({ reporterPhone: '98450 33333' }))).statusCode).toBe(200);
    const byAddress = await send('green-paws', fields({ reporterPhone: '98450 44444' }));
    expect(byAddress.statusCode).toBe(429);
    expect(byAddress.json().message).toContain('Too many reports from this connection');
    expect(byAddress.headers['retry-after']).toBe('3600');

    await ctx.t.database.db.deleteFrom('rate_counters' as never).execute();
    const p = await photo();
    const four = await send('green-paws', fields({ reporterPhone: '98450 55555' }), [p, p, p, p]);
    expect(four.statusCode).toBe(422);
    expect(four.json().message).toBe('At most 3 photos can be sent.');
    const notImage = await send('green-paws', fields({ reporterPhone: '98450 66666' }), [{ field: 'photo', filename: 'x.jpg', contentType: 'image/jpeg', data: Buffer.from('<script>alert(1)</script>') }]);
    expect(notImage.statusCode).toBe(415);
    expect((await ctx.world.inA.Manager.post('/api/intake/getReports', {})).json().meta.total).toBe(4);
  });

  it('keeps script sent in every field as text, answered as JSON, never as a page', async () => {
    await openPage(ctx.world.inA.Founder, ctx.world.a.id, 'green-paws');
    const sent = await send('green-paws', fields({ address: SCRIPT, pincode: '560001', description: SCRIPT, reporterName: SCRIPT }));
    expect(sent.statusCode, sent.body).toBe(200);
    const list = await ctx.world.inA.Manager.post('/api/intake/getReports', {});
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    expect(list.json().data[0]).toMatchObject({ address: SCRIPT, description: SCRIPT, reporterName: SCRIPT });
    const badEnum = await send('green-paws', fields({ condition: SCRIPT }));
    expect(badEnum.statusCode).toBe(422);
  });
});

describe('tracking links and codes', () => {
  it('answers 404 to guessed tokens and codes, and finds a report by its code on its own page only', async () => {
    await openPage(ctx.world.inA.Founder, ctx.world.a.id, 'green-paws');
    await openPage(ctx.world.inB.Founder, ctx.world.b.id, 'blue-cross');
    const { code } = (await send('green-paws', fields())).json().data;
    for (const token of [randomBytes(16).toString('base64url'), 'short', `${'A'.repeat(22)}%00`]) {
      expect((await ctx.t.app.inject({ method: 'GET', url: `/api/public/track/${token}` })).statusCode).toBe(404);
    }
    const track = (slug: string, body: object) => ctx.t.app.inject({ method: 'POST', url: `/api/public/page/${slug}/track`, payload: body });
    expect((await track('green-paws', { code: code.toLowerCase() })).json().data.code).toBe(code);
    expect((await track('blue-cross', { code })).statusCode).toBe(404);
    expect((await track('green-paws', { code: 'ZZZZZZZZ' })).statusCode).toBe(404);
  });
});

describe('intake', () => {
  it('accepts a report into one Reported case with the reporter and the report prefilled, and tracking shows it', async () => {
    await openPage(ctx.world.inA.Founder, ctx.world.a.id, 'green-paws');
    const sent = (await send('green-paws', fields({ address: 'Near MG Road metro', pincode: '560001' }), [await photo()])).json().data;
    const [report] = (await ctx.world.inA.Worker.post('/api/intake/getReports', {})).json().data;
    const accepted = await ctx.world.inA.Worker.post('/api/intake/acceptReport', { reportId: report.id, type: 'OPD' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const caseId = accepted.json().data.caseId;
    expect(accepted.json().data.status).toBe('accepted');
    const again = await ctx.world.inA.Manager.post('/api/intake/acceptReport', { reportId: report.id });
    expect(again.statusCode).toBe(409);
    expect((await ctx.world.inA.Manager.post('/api/case/getCaseByType', {})).json().meta.total).toBe(1);

    const read = (await ctx.world.inA.Manager.post('/api/case/getCaseById', { id: caseId })).json().data;
    expect(read).toMatchObject({ status: 'Reported', type: 'OPD' });
    expect(read.reportingDetail).toMatchObject({ location: 'Near MG Road metro', pincode: '560001', captureLatitude: 12.9716, captureSource: 'device' });
    expect(read.animalDetail).toMatchObject({ animalSpecies: 'Dog', animalPictures: report.photos });
    const reporters = (await ctx.world.inA.Manager.post('/api/reporter/getReporters', {})).json().data;
    expect(reporters.filter((r: { contact: string }) => r.contact === '98450 11111')).toHaveLength(1);
    const audit = await ctx.t.database.db.selectFrom('audit_log').select('action').where('entity', '=', 'citizenReport').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['accept', 'linkCase']);

    const tracked = (await ctx.t.app.inject({ method: 'GET', url: `/api/public/track/${sent.trackingPath.slice(3)}` })).json().data;
    expect(tracked.milestones.map((m: { kind: string }) => m.kind)).toEqual(['received', 'accepted']);
  });

  it('leaves nothing behind when the case cannot be made: the report waits, no case, no reporter', async () => {
    await openPage(ctx.world.inA.Founder, ctx.world.a.id, 'green-paws');
    // A report with the phone's position only: the case's reporter step still needs a landmark and pincode.
    expect((await send('green-paws', fields({ reporterPhone: '98450 22222' }))).statusCode).toBe(200);
    const [report] = (await ctx.world.inA.Manager.post('/api/intake/getReports', {})).json().data;
    const refused = await ctx.world.inA.Manager.post('/api/intake/acceptReport', { reportId: report.id });
    expect(refused.statusCode, refused.body).toBe(422);

    const { db } = ctx.t.database;
    expect(await db.selectFrom('cases').select('id').where('ngo_id', '=', ctx.world.a.id).execute()).toEqual([]);
    expect(await db.selectFrom('reporters').select('id').where('contact', '=', '98450 22222').execute()).toEqual([]);
    expect(await db.selectFrom('audit_log').select('action').where('entity', 'in', ['citizenReport', 'case', 'reporter']).execute()).toEqual([]);
    const [waiting] = (await ctx.world.inA.Manager.post('/api/intake/getReports', {})).json().data;
    expect(waiting).toMatchObject({ id: report.id, status: 'new', caseId: null });

    // An Admin accepts it: the NGO named is read inside the accept's transaction.
    const accepted = await ctx.world.admin.post('/api/intake/acceptReport', { reportId: report.id, landmark: 'Bus stop', pincode: '560034' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await ctx.world.inA.Manager.post('/api/case/getCaseByType', {})).json().meta.total).toBe(1);
  });

  it('declines with a reason the reporter reads on the tracking page', async () => {
    await openPage(ctx.world.inA.Founder, ctx.world.a.id, 'green-paws');
    const sent = (await send('green-paws', fields())).json().data;
    const [report] = (await ctx.world.inA.Manager.post('/api/intake/getReports', {})).json().data;
    const empty = await ctx.world.inA.Manager.post('/api/intake/declineReport', { reportId: report.id, reason: ' ' });
    expect(empty.statusCode).toBe(422);
    const declined = await ctx.world.inA.Manager.post('/api/intake/declineReport', { reportId: report.id, reason: 'The dog was taken to a vet by a neighbour.' });
    expect(declined.statusCode).toBe(200);
    const tracked = (await ctx.t.app.inject({ method: 'GET', url: `/api/public/track/${sent.trackingPath.slice(3)}` })).json().data;
    expect(tracked.milestones[1]).toMatchObject({ kind: 'declined', reason: 'The dog was taken to a vet by a neighbour.' });
    expect((await ctx.world.inA.Manager.post('/api/intake/acceptReport', { reportId: report.id })).statusCode).toBe(409);
  });

  it('opens the list at the page that holds a named report, in its own NGO only', async () => {
    const now = new Date().toISOString();
    const report = (ngoId: number, n: number, condition: string, status = 'new') => ({
      ngo_id: ngoId, token_hash: `hash-${ngoId}-${n}`, code: `CODE${ngoId}00${n}`.slice(0, 8), status, latitude: null, longitude: null, accuracy_m: null, address: null, pincode: null,
      animal_type: 'Dog', condition, description: null, reporter_name: 'Meena Rao', reporter_phone: '9845011111', language: 'en', consent_notice_version: '1', consent_at: now, created_at: now, updated_at: now,
    });
    const { db } = ctx.t.database;
    // In the list's order: the injured new one, the sick new one, then the declined one.
    const ids = [];
    for (const row of [report(ctx.world.a.id, 1, 'sick'), report(ctx.world.a.id, 2, 'injured', 'declined'), report(ctx.world.a.id, 3, 'injured')]) {
      ids.push((await db.insertInto('citizen_reports').values(row).returning('id').executeTakeFirstOrThrow()).id);
    }
    const [sick, declined, injured] = ids as [number, number, number];
    const other = (await db.insertInto('citizen_reports').values(report(ctx.world.b.id, 1, 'sick')).returning('id').executeTakeFirstOrThrow()).id;

    const pageOf = async (body: object) => {
      const response = await ctx.world.inA.Worker.post('/api/intake/getReports', { pageSize: 1, ...body });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json() as { meta: { page: number }; data: Array<{ id: number }> };
      return { page: answer.meta.page, ids: answer.data.map((r) => r.id) };
    };
    expect(await pageOf({})).toEqual({ page: 1, ids: [injured] });
    expect(await pageOf({ around: sick })).toEqual({ page: 2, ids: [sick] });
    expect(await pageOf({ around: declined, page: 1 })).toEqual({ page: 3, ids: [declined] });
    // Filtered to new reports, the declined one is not in the list: the page asked stands.
    expect(await pageOf({ around: declined, status: 'new', page: 2 })).toEqual({ page: 2, ids: [sick] });
    // Another NGO's report is never found, nor its place in that NGO's list given away.
    expect(await pageOf({ around: other })).toEqual({ page: 1, ids: [injured] });
    const bad = await ctx.world.inA.Worker.post('/api/intake/getReports', { around: 0 });
    expect(bad.statusCode).toBe(422);
  });
});
