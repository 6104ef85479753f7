import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld, type Caller } from '../../../test/api';
import { ok, upload } from '../../../test/cases';
import { readPdf } from '../../../test/pdf';
import { insertCase } from '../../../test/report-cases';

/**
 * What the report gives besides its table: the PDF to sign (read back with pdftotext from
 * poppler-utils), the per-dog register, the dashboard's charts and a sponsor's cases. Both databases.
 */
const ctx = useTwoNgoWorld();

async function someMarchCases(): Promise<void> {
  const { db } = ctx.t.database;
  const { a, b } = ctx.world;
  for (let i = 0; i < 7; i++) await insertCase(db, a.id, { ward_zone: 'Ward 12', animal_gender: i < 4 ? 'Male' : 'Female', capture_date: '2026-03-03', operation_date: '2026-03-04', release_date: '2026-03-09', vaccination_date: '2026-03-04', status: 'Released', collar_tag: `T-${i}` });
  for (let i = 0; i < 2; i++) await insertCase(db, a.id, { ward_zone: 'शिवाजी नगर', animal_gender: 'Female', capture_date: '2026-03-20', fit_for_surgery: 'No', unfit_reason: 'Pregnant', release_date: '2026-03-21' });
  await insertCase(db, b.id, { ward_zone: 'Ward 12', animal_gender: 'Male', capture_date: '2026-03-03' });
}

async function download(caller: Caller, url: string, body: object, language = 'en') {
  const response = await ctx.t.app.inject({ method: 'POST', url, payload: body, headers: { cookie: caller.cookie, 'accept-language': language } });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe('the monthly ABC report as a PDF', () => {
  it("carries the NGO's name, Darpan ID and logo, the month, the totals and three signature blocks", async () => {
    await someMarchCases();
    const { inA, a } = ctx.world;
    const logo = await upload(ctx.t, inA.Founder, 'Logo');
    await ok(inA.Founder, '/api/ngo/updateNgo', { ngoId: a.id, darpanId: 'KA/2019/0234567', logo });

    const response = await download(inA.Manager, '/api/report/getAbcReportPdf', { month: '2026-03' });
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="abc-report-2026-03-ngo-${a.id}.pdf"`);
    const { text, pages } = readPdf(response.rawPayload);
    expect(pages).toBe(1);
    for (const expected of ['Green Paws Trust', 'Darpan ID: KA/2019/0234567', 'Monthly ABC report · March 2026', 'Release distance limit: 500 m', "Project's veterinarian", 'Municipal / Junior Veterinary Officer', 'District Veterinary Officer', 'Page 1 of 1']) {
      expect(text).toContain(expected);
    }
    // Captured 4 male, 5 female (2 unfit), 0 pups, 9 in all; 2 unfit (pregnant); 7 operated; 7 released; 7 vaccinated; 6 days from capture to release.
    const total = text.split('\n').find((line) => line.trim().startsWith('Total'));
    expect(total?.trim().split(/\s+/)).toEqual(['Total', '4', '5', '0', '9', '2', '0', '0', '0', '0', '0', '0', '0', '2', '4', '3', '7', '0', '0', '0', '7', '0', '7', '6']);
    expect(text).toContain('Ward 12');
    // An image was drawn: the logo.
    expect(response.rawPayload.includes(Buffer.from('/Subtype /Image'))).toBe(true);
  });

  it('names the sterilisation cases it could not count for want of a species, under its table', async () => {
    await someMarchCases();
    const { db } = ctx.t.database;
    const id = await insertCase(db, ctx.world.a.id, { animal_species: null, capture_date: '2026-03-09' });
    const { text } = readPdf((await download(ctx.world.inA.Manager, '/api/report/getAbcReportPdf', { month: '2026-03' })).rawPayload);
    expect(text.replace(/\s+/g, ' ')).toContain(`1 sterilisation case is not counted: #${id}. Their animal's species was never recorded`);
  });

  it("prints the month's coverage surveys under its table, each estimate with its 95% interval", async () => {
    await someMarchCases();
    const { inA, inB } = ctx.world;
    const ward = await ok(inA.Manager, '/api/ward/createWard', { name: 'Ward 12' });
    const surveyUid = randomUUID();
    await ok(inA.Worker, '/api/survey/startSurvey', { uid: surveyUid, wardId: ward.id, surveyDate: '2026-03-25' });
    // 7 released in Ward 12 by then (M); 6 counted, 3 notched: N = 8 * 7 / 4 - 1 = 13.
    for (const notched of [true, true, true, false, false, false]) {
      await ok(inA.Worker, '/api/survey/addSighting', { surveyUid, uid: randomUUID(), notched, vaccinated: false, seenAt: '2026-03-25T07:30:00+05:30' });
    }
    const { text, pages } = readPdf((await download(inA.Manager, '/api/report/getAbcReportPdf', { month: '2026-03' })).rawPayload);
    expect(pages).toBe(1);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Coverage surveys in the month');
    expect(flat).toMatch(/Ward 12, 25 Mar 2026: 6 dogs counted, 3 notched, 7 sterilised on record; estimated dogs 13 \(\d+–\d+\); share sterilised 54% \(\d+%–\d+%\); share vaccinated 0% \(0%–\d+%\)\./);
    // Another NGO's report has none of it.
    expect(readPdf((await download(inB.Manager, '/api/report/getAbcReportPdf', { month: '2026-03' })).rawPayload).text).not.toContain('Coverage surveys');
  });

  it('is written in Hindi for a reader who reads Hindi, with the same numbers', async () => {
    await someMarchCases();
    const response = await download(ctx.world.inA.Manager, '/api/report/getAbcReportPdf', { month: '2026-03' }, 'hi');
    const { text, pages } = readPdf(response.rawPayload);
    expect(pages).toBe(1);
    expect(text).toContain('Green Paws Trust');
    expect(text).toMatch(/4\s+5\s+0\s+9\s+2/);
    expect(text).toContain('2026');
  });

  it('is audited as a download, and refused to a Worker', async () => {
    await someMarchCases();
    const { inA } = ctx.world;
    await download(inA.Founder, '/api/report/getAbcReportPdf', { month: '2026-03', ward: 'ward 12' });
    const entry = await ctx.t.database.db.selectFrom('audit_log').selectAll().where('entity', '=', 'export').executeTakeFirstOrThrow();
    expect([entry.actor_id, entry.entity_id, JSON.parse(entry.fields)]).toEqual([inA.Founder.id, 'abcReportPdf', ['month=2026-03', 'ward=ward 12', 'rows=1']]);
    expect((await inA.Worker.post('/api/report/getAbcReportPdf', { month: '2026-03' })).statusCode).toBe(403);
  });
});

describe('the per-dog register', () => {
  it("lists each of the month's dogs once, with capture, surgery, vaccine and release, and no other NGO's", async () => {
    await someMarchCases();
    const response = await download(ctx.world.inA.Manager, '/api/report/getAbcRegisterCsv', { month: '2026-03' });
    const rows: string[][] = parse(response.body, { bom: true });
    expect(rows.length - 1).toBe(9);
    const header = rows[0]!;
    const at = (name: string) => header.indexOf(name);
    for (const name of ['Case ID', 'Collar/Tag Number', 'Ward/Zone', 'Capture Date', 'Operation Date', 'Anti-rabies Vaccine', 'Vaccination Date', 'Release Date', 'Distance from Capture Point (m)', 'Days from capture to release']) expect(at(name), name).toBeGreaterThanOrEqual(0);
    const operated = rows.slice(1).filter((r) => r[at('Operation Date')] === '2026-03-04');
    expect(operated.map((r) => r[at('Days from capture to release')])).toEqual(Array(7).fill('6'));
    expect(rows.slice(1).filter((r) => r[at('Ward/Zone')] === 'शिवाजी नगर').map((r) => r[at('Reason Not Fit for Surgery')])).toEqual(['Pregnant', 'Pregnant']);
    const ward = await download(ctx.world.inA.Manager, '/api/report/getAbcRegisterCsv', { month: '2026-03', ward: 'शिवाजी नगर' });
    expect((parse(ward.body, { bom: true }) as string[][]).length - 1).toBe(2);
  });
});

describe("the dashboard's charts", () => {
  it('count twelve months of cases by status and of surgeries by sex, cases by type, and outcomes', async () => {
    const { db } = ctx.t.database;
    const { a, b, inA, admin } = ctx.world;
    await insertCase(db, a.id, { reported_date: '2026-03-31', status: 'Released', release_date: '2026-04-10', operation_date: '2026-04-02', animal_gender: 'Female' });
    await insertCase(db, a.id, { reported_date: '2026-04-01', status: 'Admitted', type: 'OPD' });
    await insertCase(db, a.id, { reported_date: '2026-04-15', status: 'Released', mortality: 'Fatal', death_date: '2026-04-20', operation_date: '2026-04-16', animal_gender: 'Male' });
    await insertCase(db, a.id, { reported_date: '2026-04-20', status: 'Operation', operation_date: '2026-04-21', animal_gender: 'Male', surgery_cancelled: 'Yes' });
    await insertCase(db, a.id, { reported_date: '2025-04-30', status: 'Reported' });
    await insertCase(db, a.id, { reported_date: null, created_at: '2026-02-10T09:00:00.000Z', status: 'Reported', type: 'Vaccination' });
    await insertCase(db, a.id, { reported_date: '2026-04-02', status: 'Admitted', deleted_at: '2026-04-03T00:00:00.000Z' });
    await insertCase(db, b.id, { reported_date: '2026-04-02', status: 'Admitted', operation_date: '2026-04-03', animal_gender: 'Male' });

    const charts = await ok(inA.Worker, '/api/report/getDashboardCharts', { endMonth: '2026-04' });
    expect(charts.months).toEqual(['2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04']);
    const month = (m: string) => charts.casesByMonth.find((x: { month: string }) => x.month === m).counts;
    expect(month('2026-04')).toMatchObject({ Admitted: 1, Released: 1, Operation: 1, Reported: 0 });
    expect(month('2026-03')).toMatchObject({ Released: 1 });
    expect(month('2026-02')).toMatchObject({ Reported: 1 });
    expect(charts.casesByMonth.reduce((sum: number, m: { counts: Record<string, number> }) => sum + Object.values(m.counts).reduce((x, y) => x + y, 0), 0)).toBe(5);
    expect(charts.surgeriesByMonth.at(-1)).toEqual({ month: '2026-04', male: 1, female: 1 });
    expect(charts.casesByType).toEqual({ Sterilization: 4, OPD: 1, IPD: 0, Vaccination: 1 });
    expect(charts.outcomes).toEqual({ released: 1, died: 1, inCare: 4 });

    const everyNgo = await ok(admin, '/api/report/getDashboardCharts', { endMonth: '2026-04' });
    expect(everyNgo.surgeriesByMonth.at(-1)).toEqual({ month: '2026-04', male: 2, female: 1 });
    const ngoB = await ok(admin, '/api/report/getDashboardCharts', { endMonth: '2026-04', ngoId: b.id });
    expect(ngoB.outcomes).toEqual({ released: 0, died: 0, inCare: 1 });
  });
});

describe("a sponsor's cases", () => {
  it('lists cases of the sponsorship’s type reported within its dates, with a summary, and as CSV', async () => {
    const { db } = ctx.t.database;
    const { a, b, inA, inB } = ctx.world;
    const sponsor = await ok(inA.Founder, '/api/sponsor/createSponsor', { name: 'Tata Trusts', type: 'Sterilization', amount: 250000, startDate: '2026-04-01', endDate: '2026-06-30' });
    const inside = [
      await insertCase(db, a.id, { reported_date: '2026-04-01', operation_date: '2026-04-02', release_date: '2026-04-08', vaccination_date: '2026-04-02', status: 'Released' }),
      await insertCase(db, a.id, { reported_date: '2026-06-30', mortality: 'Fatal', death_date: '2026-07-01' }),
    ];
    await insertCase(db, a.id, { reported_date: '2026-03-31' });
    await insertCase(db, a.id, { reported_date: '2026-05-01', type: 'OPD' });
    await insertCase(db, b.id, { reported_date: '2026-05-01' });

    const page = await inA.Founder.post('/api/report/getSponsorCases', { sponsorId: sponsor.id });
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body.data.map((c: { id: number }) => c.id)).toEqual(inside);
    expect(body.meta).toMatchObject({ total: 2, rule: 'caseType', summary: { operated: 1, released: 1, vaccinated: 1, died: 1 }, sponsor: { name: 'Tata Trusts' }, ngo: { name: 'Green Paws Trust' } });

    const csv = await download(inA.Founder, '/api/export/sponsorCases', { sponsorId: sponsor.id });
    expect((parse(csv.body, { bom: true }) as string[][]).slice(1).map((r) => Number(r[0]))).toEqual(inside);
    expect((await inB.Founder.post('/api/report/getSponsorCases', { sponsorId: sponsor.id })).statusCode).toBe(404);
  });

  it('links post-operative care by the day care began, and adoption to no case', async () => {
    const { db } = ctx.t.database;
    const { a, inA } = ctx.world;
    const care = await ok(inA.Founder, '/api/sponsor/createSponsor', { name: 'Care Fund', type: 'Post Op Care', amount: 1000, startDate: '2026-04-01', endDate: '2026-04-30' });
    const adoption = await ok(inA.Founder, '/api/sponsor/createSponsor', { name: 'Home Fund', type: 'Adoption', amount: 1000, startDate: '2026-04-01', endDate: '2026-04-30' });
    const cared = await insertCase(db, a.id, { type: 'IPD', pop_start_date: '2026-04-12' });
    await insertCase(db, a.id, { pop_start_date: '2026-05-01' });
    expect((await inA.Founder.post('/api/report/getSponsorCases', { sponsorId: care.id })).json().data.map((c: { id: number }) => c.id)).toEqual([cared]);
    const none = (await inA.Founder.post('/api/report/getSponsorCases', { sponsorId: adoption.id })).json();
    expect(none.meta).toMatchObject({ rule: 'none', total: 0 });
  });
});
