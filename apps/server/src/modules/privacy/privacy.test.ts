import { beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '@rescuedesk/shared';
import { signIn, useTwoNgoWorldOnce, type Caller } from '../../../test/api';
import { REPORTING, newCase, ok, refused, upload } from '../../../test/cases';

/**
 * Who sees a reporter's phone (docs/privacy.md#who-sees-what), revealing it, and the access log.
 * One database for the file: each test makes its own case and reads the log filtered by it.
 */
const ctx = useTwoNgoWorldOnce();
const REPORTER = '/api/case/updateReportingDetail';
const REVEAL = '/api/privacy/reveal';
const LOG = '/api/privacy/getAccessLog';

/** A Worker of NGO A who neither created the case nor is on its squad. */
let otherWorker: Caller;

beforeAll(async () => {
  otherWorker = await signIn(ctx.t, 'Worker', ctx.world.a.id);
});

/** A case of NGO A created by its Worker, with the reporter's phone, alternate phone and email. */
async function reportedCase(extra: object = {}): Promise<number> {
  const id = await newCase(ctx.world.inA.Worker);
  await ok(ctx.world.inA.Worker, REPORTER, { caseId: id, ...REPORTING, reporterAltContact: '9848011410', reporterEmail: 'anita.desai@example.org', ...extra });
  return id;
}

async function logOf(caller: Caller, filter: object) {
  const response = await caller.post(LOG, filter);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: Array<{ userId: number; recordId: string; field: string; reason: string; recordType: string }>; meta: { total: number } };
}

describe("a reporter's phone, by role", () => {
  it('is shown in full to Admin, Founder, Manager and the Worker who created the case, and masked for another Worker', async () => {
    const id = await reportedCase();
    const { world } = ctx;
    for (const caller of [world.admin, world.inA.Founder, world.inA.Manager, world.inA.Worker]) {
      const shown = await ok(caller, '/api/case/getCaseById', { id });
      expect(shown.reportingDetail.reporterContact).toBe('+91 98450 12345');
      expect(shown.maskedFields).toBeUndefined();
    }
    const masked = await ok(otherWorker, '/api/case/getCaseById', { id });
    expect(masked.reportingDetail).toMatchObject({ reporterContact: '+91 98xxx xx345', reporterAltContact: '98xxxxx410', reporterEmail: 'axxxxxxxxxx@example.org', reporterName: 'Anita Desai' });
    expect(masked.maskedFields).toEqual(['reporterContact', 'reporterAltContact', 'reporterEmail']);
    // Nor does the timeline's old and new value give it away.
    const timeline = await ok(otherWorker, '/api/case/getCaseTimeline', { caseId: id });
    const change = timeline.find((e: { changes: Array<{ field: string }> }) => e.changes.some((c) => c.field === 'reporterContact'));
    expect(change.changes.find((c: { field: string }) => c.field === 'reporterContact').to).toBe('+91 98xxx xx345');
  });

  it('is shown in full to a Worker on the catching squad, and stays masked in the answer to a save of a Worker not on it', async () => {
    const id = await reportedCase({ catchingSquad: [otherWorker.id] });
    expect((await ok(otherWorker, '/api/case/getCaseById', { id })).reportingDetail.reporterContact).toBe('+91 98450 12345');
    const other = await signIn(ctx.t, 'Worker', ctx.world.a.id);
    const saved = await ok(other, REPORTER, { caseId: id, landmark: 'Opposite the bank' });
    expect(saved.reportingDetail.reporterContact).toBe('+91 98xxx xx345');
    expect(saved.reportingDetail.landmark).toBe('Opposite the bank');
  });
});

describe("a case's masked reporter fields sent back", () => {
  it('change nothing: a masked email is a valid address but is not stored over the real one', async () => {
    const id = await reportedCase();
    const masked = (await ok(otherWorker, '/api/case/getCaseById', { id })).reportingDetail;
    expect(masked.reporterEmail).toMatch(/x/);
    await ok(otherWorker, REPORTER, { caseId: id, reporterEmail: masked.reporterEmail, landmark: 'Bus stand' });
    expect((await ok(ctx.world.inA.Manager, '/api/case/getCaseById', { id })).reportingDetail).toMatchObject({ reporterEmail: 'anita.desai@example.org', landmark: 'Bus stand' });
  });
});

describe("a reporter's phone on a run", () => {
  it('is shown in full to a Worker on the squad of a run that stops at the case, and stays masked for one not on it', async () => {
    const id = await reportedCase({ captureLatitude: 12.9716, captureLongitude: 77.5946 });
    const read = async (caller: Caller) => (await ok(caller, '/api/case/getCaseById', { id })).reportingDetail.reporterContact;
    expect(await read(otherWorker)).toBe('+91 98xxx xx345');

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    await ok(ctx.world.inA.Manager, '/api/run/createRun', { runDate: today, kind: 'catching', squad: [otherWorker.id], start: { source: 'device', latitude: 12.97, longitude: 77.59 }, caseIds: [id] });
    expect(await read(otherWorker)).toBe('+91 98450 12345');
    const notOnIt = await signIn(ctx.t, 'Worker', ctx.world.a.id);
    expect(await read(notOnIt)).toBe('+91 98xxx xx345');
  });
});

describe('revealing a masked value', () => {
  it('answers the value in full and writes one access-log entry', async () => {
    const id = await reportedCase();
    expect(await ok(otherWorker, REVEAL, { record: 'case', id, field: 'reporterContact' })).toEqual({ value: '+91 98450 12345' });
    const log = await logOf(ctx.world.inA.Founder, { recordId: String(id) });
    expect(log.meta.total).toBe(1);
    expect(log.data[0]).toMatchObject({ userId: otherWorker.id, recordType: 'case', recordId: String(id), field: 'reporterContact', reason: 'reveal' });
  });

  it("answers another NGO's case as not found and logs nothing", async () => {
    const id = await reportedCase();
    await refused(ctx.world.inB.Founder, REVEAL, { record: 'case', id, field: 'reporterContact' }, 404, 'Case not found.');
    expect((await logOf(ctx.world.admin, { recordId: String(id) })).meta.total).toBe(0);
  });

  it('refuses a field that is not personal data with a clear message', async () => {
    const id = await reportedCase();
    const response = await otherWorker.post(REVEAL, { record: 'case', id, field: 'location' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/field/);
  });
});

describe('the privacy notice and consent on the reporter step', () => {
  const noticeOf = (id: number) =>
    ctx.t.database.db.selectFrom('cases').select(['privacy_notice_given', 'contact_consent', 'privacy_notice_version', 'privacy_notice_at']).where('id', '=', id).executeTakeFirstOrThrow();

  it('records what the worker answered, with the wording and time of a notice read, and keeps nothing unanswered', async () => {
    const id = await reportedCase();
    expect(await noticeOf(id)).toEqual({ privacy_notice_given: null, contact_consent: null, privacy_notice_version: null, privacy_notice_at: null });

    const saved = await ok(ctx.world.inA.Worker, REPORTER, { caseId: id, privacyNoticeGiven: 'Yes', contactConsent: 'No' });
    expect(saved.reportingDetail).toMatchObject({ privacyNoticeGiven: 'Yes', contactConsent: 'No' });
    const read = await noticeOf(id);
    expect(read).toMatchObject({ privacy_notice_given: 'Yes', contact_consent: 'No', privacy_notice_version: PRIVACY_NOTICE_VERSION });
    expect(Date.now() - Date.parse(read.privacy_notice_at ?? '')).toBeLessThan(60_000);

    // Saving the same answer again changes nothing; 'No' keeps no wording.
    await ok(ctx.world.inA.Worker, REPORTER, { caseId: id, privacyNoticeGiven: 'Yes' });
    expect((await noticeOf(id)).privacy_notice_at).toBe(read.privacy_notice_at);
    await ok(ctx.world.inA.Worker, REPORTER, { caseId: id, privacyNoticeGiven: 'No' });
    expect(await noticeOf(id)).toMatchObject({ privacy_notice_given: 'No', privacy_notice_version: null, privacy_notice_at: null });
  });

  it('refuses an answer other than Yes or No with a clear message', async () => {
    const id = await reportedCase();
    await refused(ctx.world.inA.Worker, REPORTER, { caseId: id, contactConsent: 'Maybe' }, 422, /Agrees to be contacted about this case/);
  });
});

describe('identity documents', () => {
  it('logs a view of a case\'s identity document once per person within ten minutes', async () => {
    const photo = await upload(ctx.t, ctx.world.inA.Worker, 'verificationIdFrontImage');
    const id = await reportedCase({ verificationIdFrontImage: photo });
    const view = () => ctx.t.app.inject({ method: 'GET', url: `/api/image/getImage/${ctx.world.a.id}/${photo}?w=192`, headers: { cookie: otherWorker.cookie } });
    expect((await view()).statusCode).toBe(200);
    expect((await view()).statusCode).toBe(200);
    const log = await logOf(ctx.world.inA.Founder, { recordId: String(id) });
    expect(log.data).toEqual([expect.objectContaining({ userId: otherWorker.id, recordType: 'case', field: 'verificationIdFrontImage', reason: 'document' })]);
  });
});

describe('the access log', () => {
  it('is read by the Founder of its NGO and an Admin, filtered by person, record and days, and refused to Managers and Workers', async () => {
    const id = await reportedCase();
    await ok(otherWorker, REVEAL, { record: 'case', id, field: 'reporterEmail' });
    await ok(ctx.world.inA.Manager, REVEAL, { record: 'case', id, field: 'reporterContact' });
    const today = new Date().toISOString().slice(0, 10);

    const byWorker = await logOf(ctx.world.inA.Founder, { recordId: String(id), userId: otherWorker.id, from: '2026-01-01', to: '2099-12-31' });
    expect(byWorker.data.map((e) => e.field)).toEqual(['reporterEmail']);
    expect((await logOf(ctx.world.admin, { recordId: String(id), ngoId: ctx.world.a.id })).meta.total).toBe(2);
    expect((await logOf(ctx.world.inA.Founder, { recordId: String(id), to: '2020-01-01' })).meta.total).toBe(0);
    expect((await logOf(ctx.world.inA.Founder, { recordId: String(id), from: today })).meta.total).toBe(2);
    // Another NGO's Founder finds nothing of it.
    expect((await logOf(ctx.world.inB.Founder, { recordId: String(id) })).meta.total).toBe(0);
    expect((await ctx.world.inA.Manager.post(LOG, {})).statusCode).toBe(403);
    expect((await ctx.world.inA.Worker.post(LOG, {})).statusCode).toBe(403);
    await refused(ctx.world.inA.Founder, LOG, { from: '2026-03-02', to: '2026-03-01' }, 422, /end date is before the start date/);
  });

  it('exports as CSV, and an export with personal columns is itself in the log', async () => {
    const id = await reportedCase();
    await ok(otherWorker, REVEAL, { record: 'case', id, field: 'reporterAltContact' });
    const csv = await ctx.world.inA.Founder.post('/api/export/accessLog', { recordId: String(id) });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Case #${id}`);
    expect(lines[1]).toContain('Alternate');
    expect(lines[1]).toContain('Revealed');

    const manager = await signIn(ctx.t, 'Manager', ctx.world.a.id);
    expect((await manager.post('/api/export/reporters', {})).statusCode).toBe(200);
    const exported = await logOf(ctx.world.inA.Founder, { userId: manager.id });
    expect(exported.data).toEqual([expect.objectContaining({ recordType: 'export', recordId: 'reporters', reason: 'export' })]);
    // A Worker's export holds no personal columns, so it is not an access to personal data.
    const worker = await signIn(ctx.t, 'Worker', ctx.world.a.id);
    expect((await worker.post('/api/export/reporters', {})).statusCode).toBe(200);
    expect((await logOf(ctx.world.inA.Founder, { userId: worker.id })).meta.total).toBe(0);
  });
});
