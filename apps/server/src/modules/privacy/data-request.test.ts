import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useTwoNgoWorldOnce } from '../../../test/api';
import { REPORTING, newCase, ok } from '../../../test/cases';

const ctx = useTwoNgoWorldOnce();
const FIND = '/api/privacy/findPersonalData';
const CREATE = '/api/privacy/createDataRequest';
const ERASE = '/api/privacy/eraseDataRequest';

/** A number of this test alone, so tests sharing the database find only their own records. */
let next = 20000;
function phone(): string {
  next += 1;
  return `98450${String(next).padStart(5, '0')}`;
}

/** A case of NGO A reported by the person; released unless `open`. */
async function reportedCase(contact: string, { open = false, name = 'Kavya Iyer' } = {}): Promise<number> {
  const worker = ctx.world.inA.Worker;
  const id = await newCase(worker);
  await ok(worker, '/api/case/updateReportingDetail', { caseId: id, ...REPORTING, reporterName: name, reporterContact: contact, reporterEmail: 'kavya@example.org' });
  if (!open) await ok(worker, '/api/case/updateCase', { caseId: id, status: 'Released' });
  return id;
}

describe('finding what is held about a person', () => {
  it('finds their cases and directory entry by the phone in any format, and says what an erasure would keep', async () => {
    const number = phone();
    const closed = await reportedCase(`+91 ${number.slice(0, 5)} ${number.slice(5)}`);
    const open = await reportedCase(number, { open: true });
    const other = await reportedCase(phone());
    const reporter = (await ok(ctx.world.inA.Manager, '/api/reporter/createReporter', { name: 'Kavya Iyer', contact: `0${number}` })).id;

    const found = await ok(ctx.world.inA.Founder, FIND, { phone: number });
    expect(found.map((r: { kind: string; id: number; keptBecause: string | null }) => [r.kind, r.id, r.keptBecause])).toEqual([
      ['case', closed, null],
      ['case', open, 'openCase'],
      ['reporter', reporter, 'openCase'],
    ]);
    expect(found.some((r: { id: number }) => r.id === other)).toBe(false);
    expect(await ok(ctx.world.inB.Founder, FIND, { phone: number })).toEqual([]);
  });

  it('is refused without a phone or name, and to a Manager', async () => {
    const empty = await ctx.world.inA.Founder.post(FIND, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toMatch('Give a phone number or a name.');
    expect((await ctx.world.inA.Manager.post(FIND, { phone: phone() })).statusCode).toBe(403);
  });
});

describe('the register of requests', () => {
  it('keeps a request due 30 days after it was received, the person masked in the list', async () => {
    const number = phone();
    const created = await ok(ctx.world.inA.Founder, CREATE, { kind: 'access', receivedOn: '2026-11-20', phone: number, name: 'Kavya Iyer' });
    expect(created).toMatchObject({ kind: 'access', receivedOn: '2026-11-20', dueOn: '2026-12-20', doneOn: null, subject: `Kxxxxxxxxx · ${number.slice(0, 2)}xxxxx${number.slice(7)}` });
    const list = await ok(ctx.world.inA.Founder, '/api/privacy/getDataRequests', {});
    expect(list.map((r: { id: number }) => r.id)).toContain(created.id);
    expect((await ok(ctx.world.inB.Founder, '/api/privacy/getDataRequests', {})).map((r: { id: number }) => r.id)).not.toContain(created.id);
  });

  it('exports an access request as one zip of JSON and CSV, logs it, and marks the request done', async () => {
    const number = phone();
    const id = await reportedCase(number);
    const request = await ok(ctx.world.inA.Founder, CREATE, { kind: 'access', receivedOn: '2026-11-25', phone: number });
    const response = await ctx.world.inA.Founder.post('/api/export/dataRequest', { id: request.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['records.csv', 'records.json', 'request.json']);
    expect(JSON.parse(strFromU8(files['records.json']!))).toEqual([expect.objectContaining({ kind: 'case', id, phone: number, email: 'kavya@example.org' })]);
    expect(strFromU8(files['records.csv']!)).toContain(`#${id}`);

    const log = await ok(ctx.world.inA.Founder, '/api/privacy/getAccessLog', { recordType: 'export', recordId: `dataRequest:${request.id}` });
    expect(log).toHaveLength(1);
    const after = (await ok(ctx.world.inA.Founder, '/api/privacy/getDataRequests', {})).find((r: { id: number }) => r.id === request.id);
    expect(after.doneOn).not.toBeNull();
    expect(after.handledBy).toBeTruthy();
  });

  it("erases a person's data from closed records, keeps an open case's and says why, once", async () => {
    const number = phone();
    const closed = await reportedCase(number);
    const open = await reportedCase(number, { open: true });
    const request = await ok(ctx.world.inA.Founder, CREATE, { kind: 'erasure', receivedOn: '2026-11-26', phone: number });
    expect((await ctx.world.inA.Founder.post(ERASE, { id: request.id, reason: ' ' })).statusCode).toBe(422);

    const done = await ok(ctx.world.inA.Founder, ERASE, { id: request.id, reason: 'Asked on the phone to be forgotten' });
    expect(done).toMatchObject({ reason: 'Asked on the phone to be forgotten', outcome: { erased: { cases: 1, reporters: 0, citizenReports: 0 }, kept: [{ kind: 'case', id: open, label: `#${open}`, why: 'openCase' }] } });
    expect(done.doneOn).not.toBeNull();
    const { db } = ctx.t.database;
    const rows = await db.selectFrom('cases').select(['id', 'reporter_contact', 'reporter_name', 'pincode']).where('id', 'in', [closed, open]).orderBy('id').execute();
    expect(rows).toEqual([
      { id: closed, reporter_contact: null, reporter_name: null, pincode: REPORTING.pincode },
      { id: open, reporter_contact: number, reporter_name: 'Kavya Iyer', pincode: REPORTING.pincode },
    ]);
    const again = await ctx.world.inA.Founder.post(ERASE, { id: request.id, reason: 'again' });
    expect(again.statusCode).toBe(409);
  });

  it('exports the comments a person added to their citizen report, and an erasure empties them, keeping an added photo of the animal', async () => {
    const number = phone();
    const { db } = ctx.t.database;
    const at = new Date().toISOString();
    const report = await db
      .insertInto('citizen_reports')
      .values({ ngo_id: ctx.world.a.id, token_hash: `dr-${number}`, code: `D${number.slice(-6)}`, status: 'declined', decided_at: at, animal_type: 'Dog', condition: 'injured', reporter_name: 'Kavya Iyer', reporter_phone: number, language: 'en', consent_notice_version: '1', consent_at: at, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('citizen_report_additions')
      .values([
        { ngo_id: ctx.world.a.id, report_id: report.id, comment: 'This is Kavya, my flat is 4B', photo: null, created_at: at },
        { ngo_id: ctx.world.a.id, report_id: report.id, comment: 'Limping again', photo: 'added-dog.jpg', created_at: at },
      ])
      .execute();

    const access = await ok(ctx.world.inA.Founder, CREATE, { kind: 'access', receivedOn: '2026-11-27', phone: number });
    const zip = await ctx.world.inA.Founder.post('/api/export/dataRequest', { id: access.id });
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(JSON.parse(strFromU8(files['records.json']!))).toEqual([
      expect.objectContaining({ kind: 'citizenReport', id: report.id, comments: [{ at, comment: 'This is Kavya, my flat is 4B' }, { at, comment: 'Limping again' }] }),
    ]);
    expect(strFromU8(files['records.csv']!)).toContain('This is Kavya, my flat is 4B');

    const erasure = await ok(ctx.world.inA.Founder, CREATE, { kind: 'erasure', receivedOn: '2026-11-27', phone: number });
    await ok(ctx.world.inA.Founder, ERASE, { id: erasure.id, reason: 'Asked by e-mail' });
    expect(await db.selectFrom('citizen_report_additions').select(['comment', 'photo']).where('report_id', '=', report.id).execute()).toEqual([{ comment: null, photo: 'added-dog.jpg' }]);
    const audit = await db.selectFrom('audit_log').select('fields').where('entity', '=', 'dataRequest').where('entity_id', '=', String(erasure.id)).where('action', '=', 'erase').executeTakeFirstOrThrow();
    expect(audit.fields).toContain('comments:2');
  });

  it('erases only for an erasure request, and not for another NGO', async () => {
    const access = await ok(ctx.world.inA.Founder, CREATE, { kind: 'access', receivedOn: '2026-11-26', phone: phone() });
    expect((await ctx.world.inA.Founder.post(ERASE, { id: access.id, reason: 'no' })).statusCode).toBe(422);
    const erasure = await ok(ctx.world.inA.Founder, CREATE, { kind: 'erasure', receivedOn: '2026-11-26', phone: phone() });
    expect((await ctx.world.inB.Founder.post(ERASE, { id: erasure.id, reason: 'no' })).statusCode).toBe(404);
  });
});
