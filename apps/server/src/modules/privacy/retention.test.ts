import { randomUUID } from 'node:crypto';
import type { RetentionRunResult } from '@rescuedesk/shared';
import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld } from '../../../test/api';
import { REPORTING, newCase, ok } from '../../../test/cases';
import { openSecondInstance } from '../../../test/second-instance';
import type { TestApp } from '../../../test/test-app';
import { retentionUnitOfWork } from './privacy.module';
import { RetentionService } from './retention.service';

const ctx = useTwoNgoWorld();
const PREVIEW = '/api/privacy/getRetentionPreview';
const RUN = '/api/privacy/runRetention';
const MONTH_MS = 31 * 24 * 60 * 60 * 1000;

/** The job as the server's timer runs it, with the test's clock. */
function job(t: TestApp) {
  const { db } = t.database;
  return new RetentionService(
    retentionUnitOfWork(db),
    t.config.timeZone,
    t.app.imageService,
  );
}

/** `months` (of 31 days) after now. */
function later(months: number): Date {
  return new Date(Date.now() + months * MONTH_MS);
}

/** A case of NGO A with a reporter, closed by the release status unless `open`. */
async function reportedCase(phone: string, { open = false } = {}): Promise<number> {
  const worker = ctx.world.inA.Worker;
  const id = await newCase(worker);
  await ok(worker, '/api/case/updateReportingDetail', { caseId: id, ...REPORTING, reporterContact: phone, reporterEmail: 'anita.desai@example.org' });
  if (!open) await ok(worker, '/api/case/updateCase', { caseId: id, status: 'Released' });
  return id;
}

async function ngoCount(): Promise<number> {
  return (await ctx.t.database.db.selectFrom('ngos').select('id').execute()).length;
}

async function caseRow(id: number) {
  return ctx.t.database.db.selectFrom('cases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function reporterRow(id: number) {
  return ctx.t.database.db.selectFrom('reporters').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function directoryReporter(name: string, contact: string): Promise<number> {
  return (await ok(ctx.world.inA.Manager, '/api/reporter/createReporter', { name, contact })).id;
}

/** A citizen report of NGO A, decided, and linked to a case when given one. */
async function citizenReport(phone: string, caseId: number | null, status: 'accepted' | 'declined') {
  const now = new Date().toISOString();
  const row = await ctx.t.database.db
    .insertInto('citizen_reports')
    .values({
      ngo_id: ctx.world.a.id,
      token_hash: randomUUID(),
      code: randomUUID().slice(0, 6),
      status,
      pincode: '560001',
      animal_type: 'dog',
      condition: 'injured',
      reporter_name: 'Ravi Naik',
      reporter_phone: phone,
      notice_phone: phone,
      language: 'en',
      consent_notice_version: '2026-11-29',
      consent_at: now,
      case_id: caseId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What the reporter added to a report from its tracking page: a comment, or a photo with a comment. */
async function addedTo(reportId: number, additions: Array<{ comment: string; photo?: string }>) {
  const at = new Date().toISOString();
  for (const a of additions) await ctx.t.database.db.insertInto('citizen_report_additions').values({ ngo_id: ctx.world.a.id, report_id: reportId, comment: a.comment, photo: a.photo ?? null, created_at: at }).execute();
}

describe('the daily retention run, with the clock moved forward', () => {
  it("empties a closed case's reporter after the NGO's period and keeps what the complaint register needs", async () => {
    const closed = await reportedCase('+91 98450 11111');
    const open = await reportedCase('+91 98450 22222', { open: true });
    const service = job(ctx.t);

    expect(await service.runDaily(later(11))).toBe(await ngoCount());
    expect((await caseRow(closed)).reporter_contact).toBe('+91 98450 11111');

    expect(await service.runDaily(later(13))).toBe(await ngoCount());
    const emptied = await caseRow(closed);
    expect(emptied).toMatchObject({ reporter_name: null, reporter_contact: null, reporter_alt_contact: null, reporter_email: null, reporter_name_keys: null, pincode: REPORTING.pincode, reported_date: REPORTING.reportedDate, status: 'Released' });
    expect(emptied.reporter_anonymised_at).not.toBeNull();
    expect(await caseRow(open)).toMatchObject({ reporter_contact: '+91 98450 22222', reporter_anonymised_at: null });
  });

  it('keeps a directory reporter still on an open case and empties one whose cases are all expired', async () => {
    await reportedCase('+91 98450 33333');
    await reportedCase('+91 98450 44444', { open: true });
    const gone = await directoryReporter('Meera K', '9845033333');
    const kept = await directoryReporter('Suresh P', '098450 44444');

    await job(ctx.t).runDaily(later(13));
    expect(await reporterRow(gone)).toMatchObject({ name: '', contact: '', alternate_contact: null, email: null });
    expect(await reporterRow(kept)).toMatchObject({ name: 'Suresh P', contact: '098450 44444', anonymised_at: null });
  });

  it("empties the comments a reporter added with the report's name and phone, keeping an added photo of the animal", async () => {
    const declined = await citizenReport('9845012121', null, 'declined');
    const fresh = await citizenReport('9845013131', null, 'declined');
    const { db } = ctx.t.database;
    await db.updateTable('citizen_reports').set({ status: 'new' }).where('id', '=', fresh).execute();
    await addedTo(declined, [{ comment: 'I am Ravi, call me on 98450 12121' }, { comment: 'Seen again at the gate', photo: 'added-dog.jpg' }]);
    await addedTo(fresh, [{ comment: 'Still there, Ravi' }]);

    await job(ctx.t).runDaily(later(13));
    const left = await db.selectFrom('citizen_report_additions').select(['report_id', 'comment', 'photo']).where('report_id', 'in', [declined, fresh]).orderBy('id').execute();
    expect(left).toEqual([
      { report_id: declined, comment: null, photo: 'added-dog.jpg' },
      { report_id: fresh, comment: 'Still there, Ravi', photo: null },
    ]);
    const run = await db.selectFrom('audit_log').select('fields').where('entity', '=', 'retention').where('ngo_id', '=', ctx.world.a.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(run.fields).toContain('comments:2');
  });

  it("empties a citizen report's name and phone with its case, or after the period when it was declined, and never a new one", async () => {
    const closed = await reportedCase('+91 98450 55555');
    const open = await reportedCase('+91 98450 66666', { open: true });
    const withClosed = await citizenReport('9845055555', closed, 'accepted');
    const withOpen = await citizenReport('9845066666', open, 'accepted');
    const declined = await citizenReport('9845077777', null, 'declined');
    const { db } = ctx.t.database;
    const fresh = await citizenReport('9845088888', null, 'declined');
    await db.updateTable('citizen_reports').set({ status: 'new' }).where('id', '=', fresh).execute();

    await job(ctx.t).runDaily(later(13));
    const rows = await db.selectFrom('citizen_reports').select(['id', 'reporter_name', 'reporter_phone', 'notice_phone', 'pincode', 'status']).where('id', 'in', [withClosed, withOpen, declined, fresh]).orderBy('id').execute();
    expect(rows).toEqual([
      { id: withClosed, reporter_name: '', reporter_phone: '', notice_phone: null, pincode: '560001', status: 'accepted' },
      { id: withOpen, reporter_name: 'Ravi Naik', reporter_phone: '9845066666', notice_phone: '9845066666', pincode: '560001', status: 'accepted' },
      { id: declined, reporter_name: '', reporter_phone: '', notice_phone: null, pincode: '560001', status: 'declined' },
      { id: fresh, reporter_name: 'Ravi Naik', reporter_phone: '9845088888', notice_phone: '9845088888', pincode: '560001', status: 'new' },
    ]);
  });

  it("follows the NGO's own period, set in its profile by the Founder", async () => {
    const closed = await reportedCase('+91 98450 12121');
    const saved = await ok(ctx.world.inA.Founder, '/api/ngo/updateNgo', { ngoId: ctx.world.a.id, retentionMonths: 24 });
    expect(saved.retentionMonths).toBe(24);

    await job(ctx.t).runDaily(later(13));
    expect((await caseRow(closed)).reporter_anonymised_at).toBeNull();
    await job(ctx.t).runDaily(later(25));
    expect((await caseRow(closed)).reporter_anonymised_at).not.toBeNull();
  });

  it('refuses a period outside 1 to 120 months', async () => {
    const response = await ctx.world.inA.Founder.post('/api/ngo/updateNgo', { ngoId: ctx.world.a.id, retentionMonths: 0 });
    expect(response.statusCode).toBe(422);
    expect((await ctx.t.database.db.selectFrom('ngos').select('retention_months').where('id', '=', ctx.world.a.id).executeTakeFirstOrThrow()).retention_months).toBe(12);
  });

  it("runs once per NGO and day, and audits each run with its counts", async () => {
    await reportedCase('+91 98450 13131');
    const service = job(ctx.t);
    const when = later(13);
    expect(await service.runDaily(when)).toBe(await ngoCount());
    expect(await service.runDaily(when)).toBe(0);
    const { db } = ctx.t.database;
    const runs = await db.selectFrom('job_runs').selectAll().where('ngo_id', '=', ctx.world.a.id).execute();
    expect(runs).toHaveLength(1);
    expect(JSON.parse(runs[0]!.result!)).toEqual({ cases: 1, reporters: 0, citizenReports: 0 });
    const audited = await db.selectFrom('audit_log').selectAll().where('entity', '=', 'retention').where('ngo_id', '=', ctx.world.a.id).execute();
    expect(audited).toHaveLength(1);
    expect(JSON.parse(audited[0]!.fields)).toEqual(['cases:1', 'reporters:0', 'citizenReports:0', 'documents:0', 'comments:0']);

    // The next day's run finds the case emptied already and changes nothing.
    expect(await service.runDaily(new Date(when.getTime() + 24 * 60 * 60 * 1000))).toBe(await ngoCount());
    const next = await db.selectFrom('job_runs').select('result').where('ngo_id', '=', ctx.world.a.id).orderBy('day', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(next.result!)).toEqual({ cases: 0, reporters: 0, citizenReports: 0 });
  });
});

describe('the retention preview', () => {
  it('shows the Founder what the next run would change, masked, without changing it', async () => {
    const closed = await reportedCase('+91 98450 14141');
    await ctx.t.database.db.updateTable('cases').set({ updated_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', closed).execute();
    const preview = await ok(ctx.world.inA.Founder, PREVIEW, {});
    expect(preview).toMatchObject({ ngoId: ctx.world.a.id, months: 12, counts: { cases: 1, reporters: 0, citizenReports: 0 }, lastRun: null });
    expect(preview.records).toEqual([{ kind: 'case', id: closed, label: `#${closed}`, name: 'Axxxxxxxxxx', phone: '+91 98xxx xx141', email: 'axxxxxxxxxx@example.org' }]);
    expect((await caseRow(closed)).reporter_contact).toBe('+91 98450 14141');
  });

  it('is for the Founder and Admin only, each NGO its own', async () => {
    expect((await ctx.world.inA.Manager.post(PREVIEW, {})).statusCode).toBe(403);
    expect((await ctx.world.inA.Worker.post(RUN, {})).statusCode).toBe(403);
    expect((await ctx.world.inB.Founder.post(PREVIEW, { ngoId: ctx.world.a.id })).statusCode).toBe(404);
    expect((await ctx.world.admin.post(PREVIEW, {})).statusCode).toBe(422);
    expect((await ok(ctx.world.admin, PREVIEW, { ngoId: ctx.world.b.id })).ngoId).toBe(ctx.world.b.id);
  });
});

describe('two server instances at once', () => {
  // Starting the second instance's process takes most of the time on a busy machine: a longer limit.
  it('claim the NGO’s run of the day once and empty each record once', async () => {
    const ids = [await reportedCase('+91 98450 15151'), await reportedCase('+91 98450 16161')];
    const { db } = ctx.t.database;
    await db.updateTable('cases').set({ updated_at: '2020-01-01T00:00:00.000Z' }).where('id', 'in', ids).execute();
    const founder = ctx.world.inA.Founder;
    const second = await openSecondInstance(ctx.t);
    try {
      const [here, there] = await Promise.all([founder.post(RUN, {}), second.post(RUN, {}, { cookie: founder.cookie })]);
      expect(here.statusCode, here.body).toBe(200);
      expect(there.statusCode).toBe(200);
      const answers = [here.json(), there.json()].map((a) => (a as { data: RetentionRunResult }).data);
      expect(answers.map((a) => a.ran).sort()).toEqual([false, true]);
      expect(answers[0]!.run).toEqual(answers[1]!.run);
      expect(answers[0]!.run.counts).toEqual({ cases: 2, reporters: 0, citizenReports: 0 });
    } finally {
      await second.close();
    }
    expect(await db.selectFrom('job_runs').selectAll().where('ngo_id', '=', ctx.world.a.id).execute()).toHaveLength(1);
    expect(await db.selectFrom('audit_log').selectAll().where('entity', '=', 'retention').where('ngo_id', '=', ctx.world.a.id).execute()).toHaveLength(1);
    const stamps = await db.selectFrom('cases').select('reporter_anonymised_at').where('id', 'in', ids).execute();
    expect(new Set(stamps.map((s) => s.reporter_anonymised_at)).size).toBe(1);
  }, 120_000);
});
