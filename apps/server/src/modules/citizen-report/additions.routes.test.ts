import { createHash, randomBytes } from 'node:crypto';
import { MAX_ADDED_PHOTOS, MAX_ADDITIONS, MAX_REPORT_PHOTO_BYTES } from '@rescuedesk/shared';
import { describe, expect, it } from 'vitest';
import { useTwoNgoWorldOnce } from '../../../test/api';
import { REPORTING, newCase, ok } from '../../../test/cases';
import { jpegPhoto } from '../../../test/images';
import { multipartBody, type FilePart } from '../../../test/multipart';
import { ADDITIONS_PER_REPORT_PER_HOUR } from './citizen-report.service';

const ctx = useTwoNgoWorldOnce();
const SCRIPT = '<script>alert(1)</script><img src=x onerror=alert(2)>';
const CLOSED = 'This report is closed, so nothing more can be added to it. If the animal needs help again, send a new report or call the helpline.';

let seq = 0;
/** A report as the public page stores it, with its tracking token (the server keeps only the hash). */
async function newReport(ngoId: number, values: { status?: string; case_id?: number } = {}): Promise<{ id: number; token: string; code: string }> {
  seq += 1;
  const token = randomBytes(16).toString('base64url');
  const code = `AD${String(seq).padStart(6, '7')}`;
  const at = new Date().toISOString();
  const row = await ctx.t.database.db
    .insertInto('citizen_reports')
    .values({ ngo_id: ngoId, token_hash: createHash('sha256').update(token).digest('hex'), code, latitude: 12.9716, longitude: 77.5946, animal_type: 'Dog', condition: 'injured', reporter_name: 'Kiran Rao', reporter_phone: '98450 66001', language: 'en', consent_notice_version: '1', consent_at: at, created_at: at, updated_at: at, ...values, ...(values.status ? { decided_at: at } : {}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token, code };
}

/** Each test sends from its own address, so the per-address limit of one test does not reach another. */
async function add(url: string, fields: Record<string, string>, files: FilePart[] = [], remoteAddress = '198.51.100.1') {
  const { payload, headers } = multipartBody(fields, files);
  return ctx.t.app.inject({ method: 'POST', url, payload, headers, remoteAddress });
}

const photo = async (): Promise<FilePart> => ({ field: 'photo', filename: 'dog.jpg', contentType: 'image/jpeg', data: await jpegPhoto({ gps: true }) });
const additionsOf = (reportId: number) => ctx.t.database.db.selectFrom('citizen_report_additions').selectAll().where('report_id', '=', reportId).orderBy('id').execute();

async function reportOfClosedCase(): Promise<{ id: number; token: string; code: string; caseId: number }> {
  const { inA } = ctx.world;
  const caseId = await newCase(inA.Worker, { type: 'OPD' });
  await ok(inA.Worker, '/api/case/updateReportingDetail', { caseId, ...REPORTING });
  const report = await newReport(ctx.world.a.id, { status: 'accepted', case_id: caseId });
  await ok(inA.Worker, '/api/case/updatePostOperationDetail', { caseId, releaseDate: REPORTING.reportedDate, euthanized: 'No' });
  return { ...report, caseId };
}

describe('the reporter adding to an open report', () => {
  it('takes a comment and a photo by the tracking link; staff see both on the intake card, the reporter sees no photo', async () => {
    const report = await newReport(ctx.world.a.id);
    const commented = await add(`/api/public/track/${report.token}/add`, { comment: `Still limping, now near the temple ${SCRIPT}` }, [], '198.51.100.2');
    expect(commented.statusCode, commented.body).toBe(200);
    const photographed = await add(`/api/public/track/${report.token}/add`, {}, [await photo()], '198.51.100.2');
    expect(photographed.statusCode, photographed.body).toBe(200);
    const tracking = photographed.json().data;
    expect(tracking.open).toBe(true);
    // The reporter's own comment comes back as the very text written, and the photo only as "a photo was added".
    expect(tracking.additions).toEqual([
      { at: expect.any(String), comment: `Still limping, now near the temple ${SCRIPT}`, photo: false },
      { at: expect.any(String), comment: null, photo: true },
    ]);
    expect(photographed.headers['content-type']).toMatch(/^application\/json/);

    const list = await ok(ctx.world.inA.Worker, '/api/intake/getReports', {});
    const card = list.find((r: { id: number }) => r.id === report.id);
    expect(card.additions).toHaveLength(2);
    expect(card.additions[0].comment).toBe(`Still limping, now near the temple ${SCRIPT}`);
    const stored = await ctx.t.store.read({ ngoId: ctx.world.a.id, fileName: card.additions[1].photo });
    // Re-encoded as the report's own photos: the EXIF position is gone.
    expect(stored!.includes(Buffer.from('GPS'))).toBe(false);
    const audit = await ctx.t.database.db.selectFrom('audit_log').select(['action', 'actor_id']).where('entity', '=', 'citizenReport').where('entity_id', '=', String(report.id)).execute();
    expect(audit).toEqual([
      { action: 'addToReport', actor_id: null },
      { action: 'addToReport', actor_id: null },
    ]);
  });

  it('takes an addition by the code on its own NGO page only, and counts each try as a look-up', async () => {
    await ok(ctx.world.inA.Founder, '/api/ngo/updateNgo', { ngoId: ctx.world.a.id, publicPageEnabled: true, publicSlug: 'paws-adding' });
    await ok(ctx.world.inB.Founder, '/api/ngo/updateNgo', { ngoId: ctx.world.b.id, publicPageEnabled: true, publicSlug: 'other-adding' });
    const report = await newReport(ctx.world.a.id);
    const added = await add('/api/public/page/paws-adding/track/add', { code: report.code.toLowerCase(), comment: 'The dog is under the bridge now' }, [], '198.51.100.3');
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.code).toBe(report.code);
    // Another NGO's page does not know this code; a wrong code is refused as the look-up refuses it.
    for (const [url, code] of [
      ['/api/public/page/other-adding/track/add', report.code],
      ['/api/public/page/paws-adding/track/add', 'ZZZZZZZZ'],
      ['/api/public/page/paws-adding/track/add', '<b>'],
    ] as const) {
      const refused = await add(url, { code, comment: 'guess' }, [], '198.51.100.3');
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('No report with this code.');
    }
    expect((await additionsOf(report.id)).map((a) => a.comment)).toEqual(['The dog is under the bridge now']);
  });

  it('refuses a wrong or malformed token with the same 404, and adds nothing anywhere', async () => {
    const report = await newReport(ctx.world.a.id);
    for (const token of [randomBytes(16).toString('base64url'), 'short', `${report.token}x`]) {
      const refused = await add(`/api/public/track/${token}/add`, { comment: 'hello' }, [], '198.51.100.4');
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('No such report.');
    }
    expect(await additionsOf(report.id)).toEqual([]);
  });

  it('refuses a declined report and one whose case is released, with a clear message, and says it is closed', async () => {
    const declined = await newReport(ctx.world.a.id, { status: 'declined' });
    const closed = await reportOfClosedCase();
    for (const report of [declined, closed]) {
      const refused = await add(`/api/public/track/${report.token}/add`, { comment: 'Is anyone coming?' }, [await photo()], '198.51.100.5');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(CLOSED);
      expect(await additionsOf(report.id)).toEqual([]);
      const tracking = await ctx.t.app.inject({ method: 'GET', url: `/api/public/track/${report.token}` });
      expect(tracking.json().data.open).toBe(false);
    }
  });

  it('refuses nothing to add, a long comment, two photos at once, a large photo and a file that is no image', async () => {
    const report = await newReport(ctx.world.a.id);
    const url = `/api/public/track/${report.token}/add`;
    const cases: [Record<string, string>, FilePart[], number, string | RegExp][] = [
      [{}, [], 422, 'Write a comment or choose a photo to add.'],
      [{ comment: '\u200b  ' }, [], 422, 'Write a comment or choose a photo to add.'],
      [{ comment: 'x'.repeat(1001) }, [], 422, /1000/],
      [{}, [await photo(), await photo()], 422, 'Add one photo at a time.'],
      [{}, [{ field: 'photo', filename: 'big.jpg', contentType: 'image/jpeg', data: Buffer.alloc(MAX_REPORT_PHOTO_BYTES + 1, 0xff) }], 413, 'A photo is too large: at most 5 MB each.'],
      [{}, [{ field: 'photo', filename: 'x.jpg', contentType: 'image/jpeg', data: Buffer.from('<script>alert(1)</script>') }], 415, /image/i],
    ];
    for (const [fields, files, status, message] of cases) {
      const refused = await add(url, fields, files, '198.51.100.6');
      expect(refused.statusCode, refused.body).toBe(status);
      if (typeof message === 'string') expect(refused.json().message).toBe(message);
      else expect(refused.json().message).toMatch(message);
    }
    expect(await additionsOf(report.id)).toEqual([]);
  });

  it('refuses a photo over the cap of added photos, and anything over the cap of additions', async () => {
    const photos = await newReport(ctx.world.a.id);
    const now = new Date().toISOString();
    const rows = (reportId: number, n: number, photo: string | null) => Array.from({ length: n }, () => ({ ngo_id: ctx.world.a.id, report_id: reportId, comment: photo ? null : 'earlier', photo, created_at: now }));
    await ctx.t.database.db.insertInto('citizen_report_additions').values(rows(photos.id, MAX_ADDED_PHOTOS, 'earlier.webp')).execute();
    const overPhotos = await add(`/api/public/track/${photos.token}/add`, {}, [await photo()], '198.51.100.7');
    expect(overPhotos.statusCode).toBe(422);
    expect(overPhotos.json().message).toBe(`At most ${MAX_ADDED_PHOTOS} photos can be added to a report.`);
    // A comment still goes in.
    expect((await add(`/api/public/track/${photos.token}/add`, { comment: 'one more word' }, [], '198.51.100.7')).statusCode).toBe(200);

    const full = await newReport(ctx.world.a.id);
    await ctx.t.database.db.insertInto('citizen_report_additions').values(rows(full.id, MAX_ADDITIONS, null)).execute();
    const overAll = await add(`/api/public/track/${full.token}/add`, { comment: 'and another' }, [], '198.51.100.7');
    expect(overAll.statusCode).toBe(422);
    expect(overAll.json().message).toBe(`This report already holds ${MAX_ADDITIONS} additions, the most it can hold. Please call the helpline.`);
    expect(await additionsOf(full.id)).toHaveLength(MAX_ADDITIONS);
  });

  it('limits additions per report across connections, with a retry time', async () => {
    const report = await newReport(ctx.world.a.id);
    for (let i = 0; i < ADDITIONS_PER_REPORT_PER_HOUR; i++) {
      const response = await add(`/api/public/track/${report.token}/add`, { comment: `note ${i}` }, [], `198.51.101.${i}`);
      expect(response.statusCode, response.body).toBe(200);
    }
    const refused = await add(`/api/public/track/${report.token}/add`, { comment: 'one too many' }, [], '198.51.101.200');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3600');
    expect(refused.json().message).toBe('Too many additions. Please try again in 60 minutes, or call the helpline.');
    expect(await additionsOf(report.id)).toHaveLength(ADDITIONS_PER_REPORT_PER_HOUR);
  });

  it("shows the additions of a case's reports to its own NGO's staff on the case, and to no other NGO", async () => {
    const { inA, inB } = ctx.world;
    const caseId = await newCase(inA.Worker, { type: 'OPD' });
    const first = await newReport(ctx.world.a.id, { status: 'accepted', case_id: caseId });
    const second = await newReport(ctx.world.a.id, { status: 'accepted', case_id: caseId });
    await newReport(ctx.world.a.id, { status: 'accepted', case_id: caseId });
    expect((await add(`/api/public/track/${first.token}/add`, { comment: 'She has a red collar' }, [], '198.51.100.9')).statusCode).toBe(200);
    expect((await add(`/api/public/track/${second.token}/add`, {}, [await photo()], '198.51.100.9')).statusCode).toBe(200);

    const seen = await ok(inA.Manager, '/api/intake/getCaseAdditions', { caseId });
    expect(seen).toEqual([
      { reportId: first.id, code: first.code, additions: [{ id: expect.any(Number), at: expect.any(String), comment: 'She has a red collar', photo: null }] },
      { reportId: second.id, code: second.code, additions: [{ id: expect.any(Number), at: expect.any(String), comment: null, photo: expect.stringMatching(/\.\w+$/) }] },
    ]);
    expect((await inB.Manager.post('/api/intake/getCaseAdditions', { caseId })).statusCode).toBe(404);
  });

  it('keeps an addition sent again with its key once, its photo too, even at once, and refuses a malformed key', async () => {
    const report = await newReport(ctx.world.a.id);
    const url = `/api/public/track/${report.token}/add`;
    const fields = { comment: 'Seen again by the bus stop', sendKey: 'k-first-attempt-01' };
    const images = async () => (await ctx.t.database.db.selectFrom('images').select('id').where('ngo_id', '=', ctx.world.a.id).execute()).length;
    const imagesBefore = await images();
    const first = await add(url, fields, [await photo()], '198.51.100.40');
    expect(first.statusCode, first.body).toBe(200);
    // The answer was lost: the page sends the same again, twice at once.
    const again = await Promise.all([add(url, fields, [await photo()], '198.51.100.40'), add(url, fields, [await photo()], '198.51.100.40')]);
    for (const response of again) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual(first.json().data);
    }
    const kept = await additionsOf(report.id);
    expect(kept.map((a) => [a.comment, a.send_key])).toEqual([['Seen again by the bus stop', 'k-first-attempt-01']]);
    // Only the first copy's photo is kept in the NGO's area; the copies' are discarded.
    await expect.poll(images).toBe(imagesBefore + 1);

    // Another key is another addition, even of the same words.
    const other = await add(url, { ...fields, sendKey: 'k-second-attempt-2' }, [], '198.51.100.40');
    expect(other.statusCode, other.body).toBe(200);
    expect(await additionsOf(report.id)).toHaveLength(2);

    const malformed = await add(url, { ...fields, sendKey: 'bad key!' }, [], '198.51.100.40');
    expect(malformed.statusCode).toBe(422);
    expect(await additionsOf(report.id)).toHaveLength(2);
  });
});
