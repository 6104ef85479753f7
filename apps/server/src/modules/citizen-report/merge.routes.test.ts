import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../test/api';
import { useTwoNgoWorldOnce } from '../../../test/api';
import { REPORTING, newCase, ok, refused } from '../../../test/cases';

const ctx = useTwoNgoWorldOnce();

let seq = 0;
/** A report as the public page stores it, its reporter asking for SMS notices. */
async function newReport(ngoId: number, phone: string): Promise<number> {
  seq += 1;
  const at = new Date().toISOString();
  const row = await ctx.t.database.db
    .insertInto('citizen_reports')
    .values({ ngo_id: ngoId, token_hash: `merge-${seq}-${ngoId}`, code: `MG${String(seq).padStart(6, '4')}`, latitude: 12.9716, longitude: 77.5946, animal_type: 'Dog', condition: 'injured', reporter_name: 'Second Sarita', reporter_phone: phone, language: 'hi', consent_notice_version: '1', consent_at: at, notice_channel: 'sms', created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function pickedUpCase(caller: Caller): Promise<number> {
  const id = await newCase(caller, { type: 'OPD' });
  await ok(caller, '/api/case/updateReportingDetail', { caseId: id, ...REPORTING, pickupDate: REPORTING.reportedDate, pickupTime: '09:00' });
  return id;
}

const noticesOf = (reportId: number) => ctx.t.database.db.selectFrom('notices').select('milestone').where('report_id', '=', reportId).orderBy('milestone').execute();

describe('merging a report into an open case', () => {
  it('links the report and its reporter to the case, makes no new case, and tells the reporter where the case stands, then what comes', async () => {
    const { inA } = ctx.world;
    const caseId = await pickedUpCase(inA.Worker);
    const before = await ctx.t.database.db.selectFrom('cases').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const report = await newReport(ctx.world.a.id, '98450 77001');

    const merged = await ok(inA.Worker, '/api/intake/mergeReport', { reportId: report, caseId });
    expect(merged).toMatchObject({ id: report, status: 'accepted', caseId });
    const after = await ctx.t.database.db.selectFrom('cases').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const row = await ctx.t.database.db.selectFrom('citizen_reports').select(['case_id', 'reporter_id']).where('id', '=', report).executeTakeFirstOrThrow();
    expect(row.case_id).toBe(caseId);
    const reporter = await ctx.t.database.db.selectFrom('reporters').select(['name', 'contact']).where('id', '=', row.reporter_id!).executeTakeFirstOrThrow();
    expect(reporter).toEqual({ name: 'Second Sarita', contact: '98450 77001' });
    expect((await noticesOf(report)).map((n) => n.milestone)).toEqual(['accepted', 'pickedUp']);

    // The case's next milestone reaches the second reporter too.
    await ok(inA.Worker, '/api/case/updatePostOperationDetail', { caseId, releaseDate: REPORTING.reportedDate, euthanized: 'No' });
    expect((await noticesOf(report)).map((n) => n.milestone)).toEqual(['accepted', 'pickedUp', 'released']);
    const audit = await ctx.t.database.db.selectFrom('audit_log').select('action').where('entity', '=', 'citizenReport').where('entity_id', '=', String(report)).execute();
    expect(audit.map((a) => a.action)).toContain('merge');
  });

  it('answers a merge sent twice that the report is already merged into the case, and the list says it was merged', async () => {
    const { inA } = ctx.world;
    const caseId = await pickedUpCase(inA.Worker);
    const report = await newReport(ctx.world.a.id, '98450 77004');
    await ok(inA.Worker, '/api/intake/mergeReport', { reportId: report, caseId });
    // The first answer was lost: the same merge again.
    await refused(inA.Worker, '/api/intake/mergeReport', { reportId: report, caseId }, 409, `This report is already merged into case #${caseId}.`);
    const list = await ok(inA.Worker, '/api/intake/getReports', { pageSize: 100 });
    expect(list.find((r: { id: number }) => r.id === report)).toMatchObject({ status: 'accepted', caseId, merged: true });
    // Nothing was told twice.
    expect((await noticesOf(report)).map((n) => n.milestone)).toEqual(['accepted', 'pickedUp']);

    // An accepted report is not "merged", and an accept sent twice names the case it made.
    const accepted = await newReport(ctx.world.a.id, '98450 77005');
    const made = await ok(inA.Worker, '/api/intake/acceptReport', { reportId: accepted, type: 'OPD', landmark: 'Bus stop', pincode: '560001', location: 'MG Road' });
    expect(made).toMatchObject({ status: 'accepted', merged: false });
    await refused(inA.Worker, '/api/intake/acceptReport', { reportId: accepted, type: 'OPD' }, 409, `This report was already accepted: case #${made.caseId}.`);
    await refused(inA.Worker, '/api/intake/mergeReport', { reportId: accepted, caseId }, 409, `This report was already accepted: case #${made.caseId}.`);
  });

  it('refuses a closed case, a decided report, and another NGO', async () => {
    const { inA, inB } = ctx.world;
    const closed = await pickedUpCase(inA.Worker);
    await ok(inA.Worker, '/api/case/updatePostOperationDetail', { caseId: closed, releaseDate: REPORTING.reportedDate, euthanized: 'No' });
    const report = await newReport(ctx.world.a.id, '98450 77002');
    await refused(inA.Worker, '/api/intake/mergeReport', { reportId: report, caseId: closed }, 409, `Case #${closed} is closed: a report can be merged only into an open case.`);
    expect((await noticesOf(report)).length).toBe(0);

    const open = await pickedUpCase(inA.Worker);
    await ok(inA.Worker, '/api/intake/mergeReport', { reportId: report, caseId: open });
    expect((await inA.Manager.post('/api/intake/mergeReport', { reportId: report, caseId: open })).statusCode).toBe(409);

    // NGO B can neither merge A's report nor merge its own into A's case.
    const theirs = await newReport(ctx.world.b.id, '98450 77003');
    expect((await inB.Worker.post('/api/intake/mergeReport', { reportId: report, caseId: open })).statusCode).toBe(404);
    expect((await inB.Worker.post('/api/intake/mergeReport', { reportId: theirs, caseId: open })).statusCode).toBe(404);
    const still = await ctx.t.database.db.selectFrom('citizen_reports').select('status').where('id', '=', theirs).executeTakeFirstOrThrow();
    expect(still.status).toBe('new');
  });
});
