import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../test/api';
import { useTwoNgoWorldOnce } from '../../../test/api';
import { REPORTING, newCase, ok, refused } from '../../../test/cases';

const ctx = useTwoNgoWorldOnce();
// A month of the past on the NGOs' calendar (Asia/Kolkata): every date below is in it.
const MONTH = '2026-10';

async function phoneIn(caller: Caller, reporting: Record<string, string>): Promise<number> {
  const id = await newCase(caller, { type: 'OPD' });
  await ok(caller, '/api/case/updateReportingDetail', { caseId: id, ...REPORTING, ...reporting });
  return id;
}

let reportSeq = 0;
/** A report as the public page stores it (the page itself is tested in citizen-report.routes.test.ts). */
async function publicReport(ngoId: number, values: { createdAt: string; status?: 'new' | 'accepted' | 'declined'; decidedAt?: string; reason?: string; caseId?: number }) {
  reportSeq += 1;
  const row = await ctx.t.database.db
    .insertInto('citizen_reports')
    .values({
      ngo_id: ngoId,
      token_hash: `register-test-${reportSeq}-${ngoId}`,
      code: `RG${String(reportSeq).padStart(6, '2')}`,
      status: values.status ?? 'new',
      address: 'Bus stand, Jayanagar',
      pincode: '560011',
      animal_type: 'Dog',
      condition: 'injured',
      reporter_name: 'Register Ravi',
      reporter_phone: '9845099999',
      language: 'en',
      consent_notice_version: '1',
      consent_at: values.createdAt,
      decided_at: values.decidedAt ?? null,
      decline_reason: values.reason ?? null,
      case_id: values.caseId ?? null,
      created_at: values.createdAt,
      updated_at: values.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('the complaint register', () => {
  it("lists a month's public reports and phone-ins with outcome and times, and the pickup figures", async () => {
    const { inA } = ctx.world;
    const ngo = ctx.world.a.id;
    // A phone call at 09:30 IST, picked up at 11:00 the same day: 90 minutes.
    const call = await phoneIn(inA.Worker, { reporterName: 'Caller Chitra', reportedDate: '2026-10-05', reportedTime: '09:30', pickupDate: '2026-10-05', pickupTime: '11:00' });
    // A public report at 10:00 IST (04:30 UTC), accepted at 10:20 IST; its case picked up at 14:00 IST: 240 minutes.
    const accepted = await newCase(inA.Worker, { type: 'OPD' });
    await ok(inA.Worker, '/api/case/updateReportingDetail', { caseId: accepted, ...REPORTING, reportedDate: '2026-10-06', reportedTime: '10:00', pickupDate: '2026-10-06', pickupTime: '14:00' });
    const acceptedReport = await publicReport(ngo, { createdAt: '2026-10-06T04:30:00.000Z', status: 'accepted', decidedAt: '2026-10-06T04:50:00.000Z', caseId: accepted });
    // Declined with a reason, and one still waiting; a report of the month before is not in it.
    await publicReport(ngo, { createdAt: '2026-10-07T06:00:00.000Z', status: 'declined', decidedAt: '2026-10-07T06:05:00.000Z', reason: 'A cat on a tree, not an emergency' });
    await publicReport(ngo, { createdAt: '2026-10-31T19:00:00.000Z' }); // 1 November 00:30 IST: next month
    const waiting = await publicReport(ngo, { createdAt: '2026-09-30T19:00:00.000Z' }); // 1 October 00:30 IST
    // A case with no reporter (caught on a drive) is no complaint.
    await newCase(inA.Worker, { type: 'Sterilization' });

    const register = await ok(inA.Manager, '/api/report/getComplaintRegister', { month: MONTH });
    const rows = register.rows as Array<Record<string, unknown>>;
    expect(rows.map((r) => [r.source, r.outcome])).toEqual([
      ['public', 'waiting'],
      ['phone', 'pickedUp'],
      ['public', 'pickedUp'],
      ['public', 'declined'],
    ]);
    expect(rows[0]).toMatchObject({ reportId: waiting, answeredAt: null, minutesToPickup: null });
    expect(rows[1]).toMatchObject({ caseId: call, receivedAt: '2026-10-05T04:00:00.000Z', answeredAt: '2026-10-05T04:00:00.000Z', minutesToAnswer: 0, pickedUpAt: '2026-10-05T05:30:00.000Z', minutesToPickup: 90, reporterName: 'Caller Chitra' });
    expect(rows[2]).toMatchObject({ reportId: acceptedReport, caseId: accepted, minutesToAnswer: 20, minutesToPickup: 240, condition: 'Injured', place: 'Bus stand, Jayanagar' });
    expect(rows[3]).toMatchObject({ declineReason: 'A cat on a tree, not an emergency', minutesToAnswer: 5 });
    // Median of 90 and 240 is 165; the 90th percentile lies between them: 90 + 0.9 × 150 = 225.
    expect(register.summary).toEqual({ total: 4, public: 3, phone: 1, answered: 3, declined: 1, pickedUp: 2, pickup: { month: MONTH, timed: 2, medianMinutes: 165, p90Minutes: 225 } });

    const phoneOnly = await ok(inA.Manager, '/api/report/getComplaintRegister', { month: MONTH, source: 'phone' });
    expect(phoneOnly.rows.map((r: { caseId: number }) => r.caseId)).toEqual([call]);
    const declined = await ok(inA.Manager, '/api/report/getComplaintRegister', { month: MONTH, outcome: 'declined' });
    expect(declined.summary.total).toBe(1);
  });

  it('exports the register as CSV in the audit log, and keeps to the NGO and the roles', async () => {
    const { inA, inB } = ctx.world;
    await phoneIn(inA.Worker, { reporterName: 'Csv Chandra', reportedDate: '2026-10-09', reportedTime: '07:05' });

    const csv = await inA.Founder.post('/api/report/getComplaintRegisterCsv', { month: MONTH });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Csv Chandra');
    expect(csv.body).toContain('2026-10-09 07:05');
    const audit = await ctx.t.database.db.selectFrom('audit_log').select(['entity_id', 'action']).where('action', '=', 'export').orderBy('id', 'desc').executeTakeFirst();
    expect(audit?.entity_id).toBeDefined();

    // NGO B sees none of NGO A's complaints; naming A is answered as if it did not exist.
    const other = await ok(inB.Manager, '/api/report/getComplaintRegister', { month: MONTH });
    expect(JSON.stringify(other)).not.toContain('Csv Chandra');
    expect((await inB.Manager.post('/api/report/getComplaintRegister', { month: MONTH, ngoId: ctx.world.a.id })).statusCode).toBe(404);

    // Workers do not read reports (docs/product.md#roles-and-menu); a bad month gets a clear message.
    expect((await inA.Worker.post('/api/report/getComplaintRegister', { month: MONTH })).statusCode).toBe(403);
    await refused(inA.Manager, '/api/report/getComplaintRegister', { month: '2026-13' }, 422, 'Month must be a month written as YYYY-MM.');
  });

  it("keeps a phone-in whose reporter's details retention has emptied: the complaint stays, without a name", async () => {
    const { inA } = ctx.world;
    const call = await phoneIn(inA.Worker, { reporterName: 'Expired Esha', reportedDate: '2026-10-12', reportedTime: '10:00' });
    // What the retention run leaves of the reporter (docs/privacy.md).
    await ctx.t.database.db.updateTable('cases').set({ reporter_name: null, reporter_contact: null }).where('id', '=', call).execute();
    const register = await ok(inA.Manager, '/api/report/getComplaintRegister', { month: MONTH, source: 'phone' });
    expect(register.rows.find((r: { caseId: number }) => r.caseId === call)).toMatchObject({ source: 'phone', reporterName: null, receivedAt: '2026-10-12T04:30:00.000Z' });
  });

  it("gives every role the dashboard's report-to-pickup figures of this month", async () => {
    const times = await ok(ctx.world.inA.Worker, '/api/report/getPickupTimes', {});
    expect(times.month).toMatch(/^\d{4}-\d{2}$/);
    expect(typeof times.timed).toBe('number');
  });
});
