import { CASE_STEP_TABLE, EXPORT_ROWS_HEADER, stepFields, tr, type MessageKey } from '@rescuedesk/shared';
import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld, type Caller } from '../../../test/api';
import { REPORTING, newCase, ok } from '../../../test/cases';
import { insertCase, insertCases } from '../../../test/report-cases';
import type { NewCaseRow } from '../../db/schema';

/**
 * CSV exports (docs/reports.md#csv-files), read back with a CSV parser as a spreadsheet would:
 * formulas neutralised, a byte-order mark, the dashboard's filter, every page, the list's scope,
 * personal data only for roles that may export it, and an audit entry for every export.
 */
const ctx = useTwoNgoWorld();

const BOM = '\uFEFF';
/** The invisible word joiner put before a cell that begins with a formula character (csv.ts). */
const GUARD = '\u2060';

/** Text a spreadsheet would run as a formula, each with the cell the export must hold instead. */
const INJECTIONS: ReadonlyArray<readonly [string, string]> = [
  ['=HYPERLINK("http://evil.example","Click")', `${GUARD}=HYPERLINK("http://evil.example","Click")`],
  ['+91 98450 00000 Ravi', `${GUARD}+91 98450 00000 Ravi`],
  ['-2+3 Sharma', `${GUARD}-2+3 Sharma`],
  ['@SUM(A1:A9) Kumar', `${GUARD}@SUM(A1:A9) Kumar`],
];
/** Forms trim what is typed, so a leading tab or carriage return can only come from stored data (an import, an older client). */
const STORED_INJECTIONS: ReadonlyArray<readonly [string, string]> = [
  ['\tTabbed Name', `${GUARD}\tTabbed Name`],
  ['\r=1+1', `${GUARD}\r=1+1`],
];

/** A column's heading; times name their zone (the test app's TIME_ZONE is the default, Asia/Kolkata). */
function headerOf(key: string): string {
  return key === 'reports.csv.createdAt' ? `${tr(key)} (Asia/Kolkata)` : tr(key as MessageKey);
}

/** A stored UTC moment as the export writes it: Asia/Kolkata is UTC+05:30 all year. */
function inKolkata(iso: string): string {
  return new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

async function exportCsv(caller: Caller, url: string, body: object = {}): Promise<{ response: LightMyRequestResponse; rows: string[][] }> {
  const response = await caller.post(url, body);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[a-z0-9-]+\.csv"$/);
  expect(response.body.startsWith(BOM)).toBe(true);
  const rows: string[][] = parse(response.body, { bom: true, relax_column_count: false });
  expect(Number(response.headers[EXPORT_ROWS_HEADER])).toBe(rows.length - 1);
  return { response, rows };
}

function column(rows: string[][], header: string): string[] {
  const index = rows[0]!.indexOf(header);
  expect(index, `${header} in ${rows[0]!.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((r) => r[index]!);
}

async function caseWithReporter(caller: Caller, reporterName: string, type = 'Sterilization'): Promise<number> {
  const id = await newCase(caller, { type });
  await ok(caller, '/api/case/updateReportingDetail', { caseId: id, ...REPORTING, reporterName });
  return id;
}

describe('CSV exports', () => {
  it('writes creation times in the NGOs\' zone and names the zone in the heading, in Hindi too', async () => {
    const { a, inA } = ctx.world;
    await insertCase(ctx.t.database.db, a.id, { created_at: '2026-11-28T17:41:55.905Z' });
    const { rows } = await exportCsv(inA.Manager, '/api/export/cases');
    expect(column(rows, 'Created at (Asia/Kolkata)')).toEqual(['2026-11-28 23:11:55']);
    const hindi = await ctx.t.app.inject({ method: 'POST', url: '/api/export/cases', payload: {}, headers: { cookie: inA.Manager.cookie, 'accept-language': 'hi' } });
    expect(hindi.body.split('\r\n')[0]).toContain('बनाया गया (Asia/Kolkata)');
  });

  it("neutralises formulas in the dashboard's export, keeps Hindi text whole and starts with a byte-order mark", async () => {
    const { inA } = ctx.world;
    for (const [name] of INJECTIONS) await caseWithReporter(inA.Manager, name);
    for (const [name] of STORED_INJECTIONS) await insertCase(ctx.t.database.db, ctx.world.a.id, { reporter_name: name });
    await caseWithReporter(inA.Manager, 'सुनीता देवी, "गली 4"');
    const { rows } = await exportCsv(inA.Manager, '/api/export/cases', { type: 'All' });
    const names = column(rows, 'Reporter Name');
    for (const [, expected] of [...INJECTIONS, ...STORED_INJECTIONS]) expect(names).toContain(expected);
    expect(names).toContain('सुनीता देवी, "गली 4"');
    expect(names.every((n) => !/^[=+\-@\t\r]/.test(n))).toBe(true);
  });

  it("exports exactly the dashboard's filter (type, status, search), newest first, across pages", async () => {
    const { inA, inB, a, b } = ctx.world;
    const { db } = ctx.t.database;
    const sterilisations = await insertCases(db, a.id, Array.from({ length: 2_150 }, (_, i) => ({ status: i % 2 ? 'Released' : 'Admitted', reporter_name: `Reporter ${i}` })));
    await insertCase(db, a.id, { type: 'OPD', status: 'Admitted' });
    await insertCase(db, a.id, { status: 'Admitted', deleted_at: new Date().toISOString() });
    await insertCase(db, b.id, { status: 'Admitted' });
    const searched = await caseWithReporter(inA.Worker, 'Gachibowli Lakshmi');

    const all = await exportCsv(inA.Manager, '/api/export/cases', { type: 'Sterilization' });
    const ids = column(all.rows, 'Case ID').map(Number);
    expect(ids).toEqual([searched, ...sterilisations].sort((x, y) => y - x));

    const admitted = await exportCsv(inA.Manager, '/api/export/cases', { type: 'Sterilization', status: 'Admitted' });
    expect(column(admitted.rows, 'Status').every((s) => s === 'Admitted')).toBe(true);
    expect(admitted.rows.length - 1).toBe(1_075);

    const found = await exportCsv(inA.Manager, '/api/export/cases', { search: 'gachi' });
    expect(column(found.rows, 'Case ID').map(Number)).toEqual([searched]);

    const other = await exportCsv(inB.Manager, '/api/export/cases', {});
    expect(other.rows.length - 1).toBe(1);
  });

  it('leaves phone numbers, email addresses and identity documents out of a Worker’s exports', async () => {
    const { inA } = ctx.world;
    await caseWithReporter(inA.Manager, 'Anita Desai');
    await ok(inA.Manager, '/api/reporter/createReporter', { name: 'Ravi Kumar', contact: '+91 98450 11111', email: 'ravi@example.org' });

    const managerCases = await exportCsv(inA.Manager, '/api/export/cases');
    expect(column(managerCases.rows, 'Phone Number')).toEqual([REPORTING.reporterContact].map((p) => `${GUARD}${p}`));
    const workerCases = await exportCsv(inA.Worker, '/api/export/cases');
    for (const personal of ['Phone Number', 'Alternate Phone Number', 'Email', 'Verification ID (front)', 'Consent Form']) expect(workerCases.rows[0]).not.toContain(personal);
    expect(workerCases.rows.flat().join(' ')).not.toContain('98450');

    const managerReporters = await exportCsv(inA.Manager, '/api/export/reporters');
    expect(column(managerReporters.rows, 'Email ID')).toEqual(['ravi@example.org']);
    const workerReporters = await exportCsv(inA.Worker, '/api/export/reporters');
    expect(column(workerReporters.rows, 'Reporter name')).toEqual(['Ravi Kumar']);
    expect(workerReporters.rows[0]).not.toContain('Contact');
    expect(workerReporters.rows.flat().join(' ')).not.toMatch(/98450|ravi@example/);
  });

  it('exports each directory list in its own scope, and refuses lists the role may not see', async () => {
    const { inA, inB, admin, a, b } = ctx.world;
    await ok(inA.Founder, '/api/vet/createVet', { name: 'Dr. Meera Rao', regId: 'KVC-1001' });
    await ok(inB.Founder, '/api/vet/createVet', { name: 'Dr. Arjun Pillai', regId: 'KVC-2002' });
    await ok(inA.Founder, '/api/sponsor/createSponsor', { name: '=cmd|calc', type: 'Sterilization', amount: 50000, startDate: '2026-04-01', endDate: '2027-03-31' });

    expect(column((await exportCsv(inA.Manager, '/api/export/vets')).rows, 'Vet name')).toEqual(['Dr. Meera Rao']);
    expect(column((await exportCsv(admin, '/api/export/vets', { ngoId: b.id })).rows, 'Vet name')).toEqual(['Dr. Arjun Pillai']);
    expect(column((await exportCsv(inA.Founder, '/api/export/sponsors')).rows, 'Sponsor Name')).toEqual([`${GUARD}=cmd|calc`]);
    expect(column((await exportCsv(inA.Founder, '/api/export/ngos')).rows, 'Ngo Name')).toEqual([a.name]);
    expect(column((await exportCsv(admin, '/api/export/ngos', { search: 'blue' })).rows, 'Ngo Name')).toEqual([b.name]);
    const users = column((await exportCsv(inA.Manager, '/api/export/users')).rows, 'NGO');
    expect(users.length).toBe(3);
    expect(new Set(users)).toEqual(new Set([a.name]));

    expect((await inA.Worker.post('/api/export/users', {})).statusCode).toBe(403);
    expect((await inA.Manager.post('/api/export/ngos', {})).statusCode).toBe(403);
    expect((await inA.Manager.post('/api/export/sponsors', {})).statusCode).toBe(403);
    expect((await inA.Manager.post('/api/export/vets', { ngoId: b.id })).statusCode).toBe(404);
  });

  it('writes each column of a case with every field filled as getCaseById reads the case, for a Manager and (without personal data) for a Worker', async () => {
    const { inA, admin, a } = ctx.world;
    const { db } = ctx.t.database;
    const squad = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', [inA.Worker.id, inA.Manager.id]).orderBy('id').execute();
    const unknownUser = 987_654;
    // Every step field gets a value of its own kind; the case is created by the Admin, a user outside the NGO's users.
    const fields: Record<string, unknown> = { type: 'OPD', status: 'Released', mortality: 'Healthy', cause_of_failure: 'Owner took the dog home', created_by: admin.id, release_distance_m: 412, release_flagged: 1 };
    let n = 0;
    for (const step of CASE_STEP_TABLE) {
      for (const [field, definition] of stepFields(step.key)) {
        n += 1;
        if (definition.kind === 'number') fields[definition.column] = 100 + n;
        else if (definition.kind === 'userList') fields[definition.column] = JSON.stringify([...squad.map((u) => u.id), unknownUser]);
        else if (definition.kind === 'imageList') fields[definition.column] = JSON.stringify([`${field}-1.webp`, `${field}-2.webp`]);
        else if (definition.kind === 'image') fields[definition.column] = `${field}.webp`;
        else fields[definition.column] = `${field} ${n}, "quoted"`;
      }
    }
    const id = await insertCase(db, a.id, fields as Partial<NewCaseRow>);
    const read = await inA.Manager.post('/api/case/getCaseById', { id });
    expect(read.statusCode, read.body).toBe(200);
    const kase = read.json().data as Record<string, unknown> & { createdBy: string };
    expect(kase.createdBy).toBeTruthy();

    const { rows } = await exportCsv(inA.Manager, '/api/export/cases');
    const [header, row] = [rows[0]!, rows[1]!];
    const cell = (key: string) => row[header.indexOf(headerOf(key))];
    const origin = /^(.*?)\/api\/image\/getImage\//.exec(cell('field.consentFormImage') ?? '')?.[1] ?? '';
    const expected: Array<[string, string]> = [
      ['reports.csv.caseId', String(id)],
      ['field.ngo', a.name],
      ['field.type', String(kase.type)],
      ['field.statusShort', String(kase.status)],
      ['field.mortalityShort', String(kase.mortality)],
      ['field.causeOfFailure', String(kase.causeOfFailure)],
      ['reports.csv.createdAt', inKolkata(String(kase.createdAt))],
      ['reports.csv.createdBy', kase.createdBy],
    ];
    const personal: string[] = [];
    for (const step of CASE_STEP_TABLE) {
      const detail = kase[step.key] as Record<string, unknown>;
      for (const [field, definition] of stepFields(step.key)) {
        const key = `field.${field}`;
        const value = detail[field];
        if (field === 'vetId') {
          // The vet's directory link is no column: the vet name's column marks a name typed instead.
          expect(header).not.toContain(tr(key as MessageKey));
        } else if (definition.kind === 'userList') {
          expect(value).toEqual([...squad.map((u) => u.id), unknownUser]);
          expected.push([key, [...squad.map((u) => u.name), `#${unknownUser}`].join('; ')]);
        } else if (['consentFormImage', 'verificationIdFrontImage', 'verificationIdBackImage'].includes(field)) {
          const names = Array.isArray(value) ? (value as string[]) : [value as string];
          expected.push([key, names.map((name) => `${origin}/api/image/getImage/${a.id}/${name}`).join(' ')]);
          personal.push(key);
        } else if (definition.kind === 'text' || definition.kind === 'number') {
          expected.push([key, String(value)]);
          if (['reporterContact', 'reporterAltContact', 'reporterEmail'].includes(field)) personal.push(key);
        } else {
          expect(header).not.toContain(tr(key as MessageKey));
        }
      }
    }
    expected.push(['field.releaseDistanceM', String(kase.releaseDistanceM)], ['field.releaseFlagged', 'Yes']);
    expect(origin).toMatch(/^https?:\/\//);
    expect(header).toEqual(expected.map(([key]) => headerOf(key)));
    expect(row).toEqual(expected.map(([, value]) => value));

    const worker = await exportCsv(inA.Worker, '/api/export/cases');
    const open = expected.filter(([key]) => !personal.includes(key));
    expect(personal.length).toBe(6);
    expect(worker.rows[0]).toEqual(open.map(([key]) => headerOf(key)));
    expect(worker.rows[1]).toEqual(open.map(([, value]) => value));
  });

  it('records who exported what, and when, in the audit log', async () => {
    const { inA, a } = ctx.world;
    await caseWithReporter(inA.Manager, 'Anita Desai', 'OPD');
    const before = new Date().toISOString();
    await exportCsv(inA.Manager, '/api/export/cases', { type: 'OPD', search: 'anita' });
    await exportCsv(inA.Worker, '/api/export/reporters', { search: 'x' });
    const entries = await ctx.t.database.db.selectFrom('audit_log').selectAll().where('entity', '=', 'export').orderBy('id').execute();
    expect(entries.map((e) => [e.actor_id, e.entity_id, e.action, e.ngo_id, JSON.parse(e.fields)])).toEqual([
      [inA.Manager.id, 'cases', 'export', a.id, ['type=OPD', 'search=anita', 'rows=1']],
      [inA.Worker.id, 'reporters', 'export', a.id, ['search=x', 'rows=0']],
    ]);
    expect(entries.every((e) => e.at >= before)).toBe(true);
  });
});
