import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoNgoWorldOnce, type Caller } from '../../../test/api';
import { REPORTING, newCase, ok, refused } from '../../../test/cases';
import { insertCase } from '../../../test/report-cases';

/**
 * The monitoring committee (docs/reports.md#signing-the-monthly-report): what a committee member may
 * read (never a phone, address or identity document), signing, locking, a correction making version
 * 2, the public verification, and tenancy. One database for the file: each test signs its own month.
 */
const ctx = useTwoNgoWorldOnce();
const SIGNING = '/api/committee/getSigning';
const SIGN = '/api/committee/signReport';
const VERIFY = '/api/public/verifyReport';

let municipal: Caller;
let district: Caller;
let otherCommittee: Caller;

/** A committee member created through user management by the NGO's Founder (or the Admin), then signed in. */
async function committeeMember(creator: Caller, designation: string, ngoId?: number): Promise<Caller> {
  const username = `committee-${Math.random().toString(36).slice(2, 10)}`;
  const created = await ok(creator, '/api/user/createUser', { name: `Dr ${username}`, email: `${username}@example.org`, username, contact: '+91 98450 12345', password: 'secret-123', role: 'Committee', designation, ...(ngoId ? { ngoId } : {}) });
  expect(created).toMatchObject({ role: 'Committee', designation });
  const cookie = await ctx.t.login(username, 'secret-123');
  return { id: created.id, ngoId: created.ngoId, cookie, post: (url, payload = {}) => ctx.t.app.inject({ method: 'POST', url, payload, headers: { cookie } }) };
}

beforeAll(async () => {
  municipal = await committeeMember(ctx.world.inA.Founder, 'Municipal Veterinary Officer');
  district = await committeeMember(ctx.world.admin, 'District Veterinary Officer', ctx.world.a.id);
  otherCommittee = await committeeMember(ctx.world.inB.Founder, 'Municipal Veterinary Officer');
});

/** Two dogs of NGO A operated in the month, one of NGO B. */
async function dogsIn(month: string): Promise<void> {
  const { db } = ctx.t.database;
  for (const gender of ['Male', 'Female']) await insertCase(db, ctx.world.a.id, { ward_zone: 'Ward 5', animal_gender: gender, capture_date: `${month}-03`, operation_date: `${month}-04` });
  await insertCase(db, ctx.world.b.id, { ward_zone: 'Ward 9', animal_gender: 'Male', capture_date: `${month}-03` });
}

async function signAll(month: string) {
  const { liveHash } = await ok(municipal, SIGNING, { month });
  await ok(ctx.world.inA.Manager, SIGN, { month, slot: 'projectVet', contentHash: liveHash });
  await ok(municipal, SIGN, { month, slot: 'municipalVet', contentHash: liveHash });
  return ok(district, SIGN, { month, slot: 'districtVet', contentHash: `sha256: ${liveHash.toUpperCase()}` });
}

describe('committee members', () => {
  it('are created by an Admin or Founder with a designation; a Manager may not create one, and none is created without a designation', async () => {
    const body = { name: 'Dr Rao', email: 'rao@example.org', username: 'dr-rao', contact: '+91 98450 12345', password: 'secret-123', role: 'Committee' };
    await refused(ctx.world.inA.Founder, '/api/user/createUser', body, 422, 'A committee member needs a designation, e.g. Municipal Veterinary Officer.');
    expect((await ctx.world.inA.Manager.post('/api/user/createUser', { ...body, designation: 'Municipal Veterinary Officer' })).statusCode).toBe(403);
    expect((await municipal.post('/api/user/createUser', { ...body, role: 'Worker' })).statusCode).toBe(403);
  });

  it("read the ABC report, its register and the charts of their NGO, and nothing that holds a reporter's phone or address", async () => {
    await dogsIn('2025-01');
    const caseId = await newCase(ctx.world.inA.Worker);
    await ok(ctx.world.inA.Worker, '/api/case/updateReportingDetail', { caseId, ...REPORTING });
    // Staff see the reporter's phone in full; the committee cannot open the case at all.
    expect((await ok(ctx.world.inA.Manager, '/api/case/getCaseById', { id: caseId })).reportingDetail.reporterContact).toBe('+91 98450 12345');
    for (const [url, body] of [
      ['/api/case/getCaseById', { id: caseId }],
      ['/api/case/getCaseByType', {}],
      ['/api/privacy/reveal', { record: 'case', id: caseId, field: 'reporterContact' }],
      ['/api/reporter/getReporters', {}],
      ['/api/user/getUsers', {}],
      ['/api/export/cases', {}],
      ['/api/ngo/getNgoById', { id: ctx.world.a.id }],
    ] as const) {
      expect((await municipal.post(url, body)).statusCode, url).toBe(403);
    }
    const report = await ok(municipal, '/api/report/getAbcReport', { month: '2025-01' });
    expect(report.ngo.id).toBe(ctx.world.a.id);
    expect(report.total.operatedTotal).toBe(2);
    const charts = await ok(municipal, '/api/report/getDashboardCharts', { endMonth: '2025-01' });
    expect(charts.months).toHaveLength(12);
    const register = await municipal.post('/api/report/getAbcRegisterCsv', { month: '2025-01' });
    expect(register.statusCode).toBe(200);
    const header = register.body.split('\n')[0]!;
    for (const personal of ['Contact', 'Phone', 'Email', 'Address', 'Verification']) expect(header).not.toContain(personal);
    expect(register.body).not.toContain('98450');
    // Every answer they can get, side by side: no phone digits, no reporter's name.
    const answers = JSON.stringify([report, charts, await ok(municipal, SIGNING, { month: '2025-01' }), (await ctx.t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: municipal.cookie } })).json()]);
    expect(answers).not.toContain('98450');
    expect(answers).not.toContain(REPORTING.reporterName);
  });

  it("see only their own NGO's month: another NGO named is not found, and signing there is impossible", async () => {
    await dogsIn('2025-02');
    await signAll('2025-02');
    const theirs = await ok(otherCommittee, SIGNING, { month: '2025-02' });
    expect(theirs).toMatchObject({ ngoId: ctx.world.b.id, versions: [] });
    expect((await otherCommittee.post(SIGNING, { month: '2025-02', ngoId: ctx.world.a.id })).statusCode).toBe(404);
    expect((await otherCommittee.post('/api/report/getAbcReport', { month: '2025-02', ngoId: ctx.world.a.id })).statusCode).toBe(404);
    const { liveHash } = await ok(municipal, SIGNING, { month: '2025-02' });
    expect((await otherCommittee.post(SIGN, { month: '2025-02', ngoId: ctx.world.a.id, slot: 'municipalVet', contentHash: liveHash })).statusCode).toBe(404);
  });
});

describe('signing the month', () => {
  it('takes the three signatures, locks the month and serves its report from the signed version', async () => {
    await dogsIn('2025-03');
    const signed = await signAll('2025-03');
    expect(signed.versions).toHaveLength(1);
    const [v1] = signed.versions;
    expect(v1).toMatchObject({ version: 1, locked: true, contentHash: signed.liveHash, changes: [] });
    expect(v1.signatures.map((s: { slot: string; designation: string }) => [s.slot, s.designation])).toEqual([
      ['projectVet', ''],
      ['municipalVet', 'Municipal Veterinary Officer'],
      ['districtVet', 'District Veterinary Officer'],
    ]);
    for (const s of v1.signatures) expect(s.contentHash).toBe(v1.contentHash);

    // Data changed after signing: the report stays the signed one.
    await insertCase(ctx.t.database.db, ctx.world.a.id, { ward_zone: 'Ward 5', animal_gender: 'Male', capture_date: '2025-03-10', operation_date: '2025-03-11' });
    const served = await ok(ctx.world.inA.Manager, '/api/report/getAbcReport', { month: '2025-03' });
    expect(served.total.operatedTotal).toBe(2);
    expect(served.signed).toEqual({ id: v1.id, version: 1, contentHash: v1.contentHash });
    // A ward's own view is computed from the data as it stands.
    expect((await ok(ctx.world.inA.Manager, '/api/report/getAbcReport', { month: '2025-03', ward: 'Ward 5' })).total.operatedTotal).toBe(3);
  });

  it('makes version 2 of a correction, listing what changed, which needs signing again while version 1 stays readable', async () => {
    await dogsIn('2025-04');
    const first = await signAll('2025-04');
    await insertCase(ctx.t.database.db, ctx.world.a.id, { ward_zone: 'Ward 5', animal_gender: 'Female', capture_date: '2025-04-10', operation_date: '2025-04-11' });
    const pending = await ok(municipal, SIGNING, { month: '2025-04' });
    expect(pending.liveHash).not.toBe(first.liveHash);
    expect(pending.pendingChanges).toEqual(expect.arrayContaining([
      { path: 'total/operatedFemale', before: 1, after: 2 },
      { path: 'total/operatedTotal', before: 2, after: 3 },
      { path: 'rows/Ward 5/operatedTotal', before: 2, after: 3 },
    ]));
    const afterOne = await ok(municipal, SIGN, { month: '2025-04', slot: 'municipalVet', contentHash: pending.liveHash });
    expect(afterOne.versions.map((v: { version: number; locked: boolean }) => [v.version, v.locked])).toEqual([[2, false], [1, true]]);
    expect(afterOne.versions[0].changes).toEqual(pending.pendingChanges);
    expect(afterOne.pendingChanges).toEqual([]);
    // Until version 2 is signed in every place, the month is served from version 1.
    expect((await ok(ctx.world.inA.Founder, '/api/report/getAbcReport', { month: '2025-04' })).total.operatedTotal).toBe(2);
    await ok(ctx.world.inA.Founder, SIGN, { month: '2025-04', slot: 'projectVet', contentHash: pending.liveHash });
    const done = await ok(district, SIGN, { month: '2025-04', slot: 'districtVet', contentHash: pending.liveHash });
    expect(done.versions[0]).toMatchObject({ version: 2, locked: true });
    expect((await ok(ctx.world.inA.Founder, '/api/report/getAbcReport', { month: '2025-04' })).signed.version).toBe(2);

    const old = await ctx.t.app.inject({ method: 'POST', url: VERIFY, payload: { id: first.versions[0].id } });
    expect(old.json().data).toMatchObject({ version: 1, locked: true, supersededBy: { id: done.versions[0].id, version: 2 } });
  });

  it('refuses a signer in a place that is not theirs, a second place, a place taken, figures that changed, and a Worker', async () => {
    await dogsIn('2025-05');
    const { liveHash } = await ok(municipal, SIGNING, { month: '2025-05' });
    const month = '2025-05';
    await refused(municipal, SIGN, { month, slot: 'projectVet', contentHash: liveHash }, 403, 'You cannot sign as Project veterinarian.');
    await refused(ctx.world.inA.Manager, SIGN, { month, slot: 'districtVet', contentHash: liveHash }, 403, 'You cannot sign as District Veterinary Officer.');
    expect((await ctx.world.inA.Worker.post(SIGN, { month, slot: 'projectVet', contentHash: liveHash })).statusCode).toBe(403);
    await refused(municipal, SIGN, { month, slot: 'municipalVet', contentHash: 'abc' }, 422, 'The content hash must be 64 hexadecimal characters (SHA-256).');
    await refused(municipal, SIGN, { month, slot: 'municipalVet', contentHash: '0'.repeat(64) }, 409, 'The figures changed since you opened the report. Read the new figures and sign again.');
    await ok(municipal, SIGN, { month, slot: 'municipalVet', contentHash: liveHash });
    await refused(municipal, SIGN, { month, slot: 'districtVet', contentHash: liveHash }, 409, 'You have already signed this version as Municipal / junior veterinary officer.');
    const another = await committeeMember(ctx.world.inA.Founder, 'Junior Veterinary Officer');
    await refused(another, SIGN, { month, slot: 'municipalVet', contentHash: liveHash }, 409, 'Municipal / junior veterinary officer has already signed this version.');
    await refused(ctx.world.admin, SIGN, { month, slot: 'projectVet', contentHash: liveHash }, 422, 'Choose an NGO: a signed report is one NGO\'s month.');
  });
});

describe('the public verification', () => {
  it('answers without sign-in: signed or not, by whom, when, the hash, and no personal data', async () => {
    await dogsIn('2025-06');
    const { liveHash } = await ok(municipal, SIGNING, { month: '2025-06' });
    const partly = await ok(municipal, SIGN, { month: '2025-06', slot: 'municipalVet', contentHash: liveHash });
    const id = partly.versions[0].id;
    const answer = await ctx.t.app.inject({ method: 'POST', url: VERIFY, payload: { id } });
    expect(answer.statusCode).toBe(200);
    const data = answer.json().data;
    expect(data).toMatchObject({ id, month: '2025-06', version: 1, contentHash: liveHash, locked: false, supersededBy: null });
    expect(data.signatures).toEqual([{ slot: 'municipalVet', name: expect.stringMatching(/^Dr committee-/), designation: 'Municipal Veterinary Officer', signedAt: expect.any(String) }]);
    expect(Object.keys(data).sort()).toEqual(['contentHash', 'createdAt', 'id', 'locked', 'month', 'ngoName', 'signatures', 'supersededBy', 'version']);
    expect(JSON.stringify(data)).not.toMatch(/98450|@example\.org/);

    expect((await ctx.t.app.inject({ method: 'POST', url: VERIFY, payload: { id: '00000000-0000-4000-8000-000000000000' } })).statusCode).toBe(404);
    expect((await ctx.t.app.inject({ method: 'POST', url: VERIFY, payload: { id: '7' } })).statusCode).toBe(400);
  });

  it('is printed on the PDF with the signatures, the version, its hash and the address of the page', async () => {
    await dogsIn('2025-07');
    const signed = await signAll('2025-07');
    const pdf = await ctx.t.app.inject({ method: 'POST', url: '/api/report/getAbcReportPdf', payload: { month: '2025-07' }, headers: { cookie: municipal.cookie } });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // pdfkit compresses its text; the address is in the QR code and printed beside it.
    const { execFileSync } = await import('node:child_process');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload, encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain(`Version 1 · content hash (SHA-256): ${signed.liveHash}`);
    expect(text).toContain(`/verify/${signed.versions[0].id}`);
    expect(text).toContain('District Veterinary Officer, on');
    expect(text).toContain('Municipal Veterinary Officer, on');
  });
});
