import { ABC_COUNT_COLUMNS, type AbcReport, type AbcReportRow } from '@rescuedesk/shared';
import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld } from '../../../test/api';
import { insertCase } from '../../../test/report-cases';

/**
 * The monthly ABC report against hand-counted fixtures (docs/reports.md): each column, dates on the
 * first and last day of the month and just outside it, cases of other types, species and NGOs, and
 * deleted cases. Runs on SQLite and PostgreSQL.
 */
const ctx = useTwoNgoWorld();

/** Only the counts that are not zero, and the median: what a person checking the report reads. */
function nonZero(row: AbcReportRow | undefined): Record<string, number | string | null> {
  if (!row) return {};
  const out: Record<string, number | string | null> = { label: row.label };
  for (const column of ABC_COUNT_COLUMNS) if (row[column] !== 0) out[column] = row[column];
  out.medianDaysToRelease = row.medianDaysToRelease;
  return out;
}

/** March 2026 in NGO A: fourteen cases, each placed by hand in the columns it must count in. */
async function marchFixtures() {
  const { db } = ctx.t.database;
  const { a, b } = ctx.world;
  const add = (fields: Parameters<typeof insertCase>[2], ngoId = a.id) => insertCase(db, ngoId, fields);
  // Ward 5, written three ways.
  await add({ ward_zone: 'Ward 5', animal_gender: 'Male', capture_date: '2026-03-01', operation_date: '2026-03-02', release_date: '2026-03-06', vaccination_date: '2026-03-02', status: 'Released' });
  await add({ ward_zone: ' ward 5 ', animal_gender: 'Female', capture_date: '2026-03-31', operation_date: '2026-04-01', vaccination_date: '2026-04-01' });
  await add({ ward_zone: 'Ward 5', animal_gender: 'Female', capture_date: '2026-02-28', operation_date: '2026-03-01', release_date: '2026-03-10', release_flagged: 1, vaccination_date: '2026-02-28', status: 'Released' });
  await add({ ward_zone: 'Ward 5', animal_gender: 'Female', capture_date: '2026-03-18', fit_for_surgery: 'No', unfit_reason: null, release_date: '2026-03-20' });
  // Ward 7.
  await add({ ward_zone: 'Ward 7', animal_gender: 'Male', animal_age: '0-1 Yrs', capture_date: '2026-03-15', fit_for_surgery: 'No', unfit_reason: 'Too young', release_date: '2026-03-16' });
  await add({ ward_zone: 'Ward 7', animal_gender: 'Female', capture_date: '2026-03-10', fit_for_surgery: 'No', unfit_reason: 'Lactating', release_date: '2026-04-02' });
  await add({ ward_zone: 'Ward 7', animal_gender: 'Male', capture_date: '2026-03-05', surgery_cancelled: 'Yes', cancel_reason: 'Vet unavailable' });
  await add({ ward_zone: 'Ward 7', animal_gender: 'Female', capture_date: '2026-01-05', operation_date: '2026-03-20', surgery_cancelled: 'Yes', cancel_reason: 'Fever on the day' });
  // No ward.
  await add({ animal_gender: 'Male', capture_date: '2026-03-12', death_date: '2026-03-13', death_timing: 'Before surgery', mortality: 'Fatal' });
  await add({ animal_gender: 'Female', capture_date: '2026-02-20', operation_date: '2026-02-21', death_date: '2026-03-01', mortality: 'Fatal' });
  await add({ animal_gender: 'Male', capture_date: '2026-03-03', operation_date: '2026-03-04', release_date: '2026-03-08', vaccination_date: '2026-03-31', status: 'Released' });
  // Not counted: deleted, another type, another species, another NGO.
  await add({ ward_zone: 'Ward 5', animal_gender: 'Male', capture_date: '2026-03-05', deleted_at: '2026-03-06T10:00:00.000Z' });
  await add({ ward_zone: 'Ward 5', animal_gender: 'Male', capture_date: '2026-03-05', type: 'OPD' });
  await add({ ward_zone: 'Ward 5', animal_gender: 'Male', capture_date: '2026-03-05', animal_species: 'Cat' });
  await add({ ward_zone: 'Ward 5', animal_gender: 'Male', capture_date: '2026-03-05', operation_date: '2026-03-06' }, b.id);
}

async function report(body: object, caller = ctx.world.inA.Manager): Promise<AbcReport> {
  const response = await caller.post('/api/report/getAbcReport', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const WARD_5 = { label: 'Ward 5', capturedMale: 1, capturedFemale: 2, capturedTotal: 3, unfitOther: 1, unfitTotal: 1, operatedMale: 1, operatedFemale: 1, operatedTotal: 2, released: 2, releasedFlagged: 1, vaccinated: 1, medianDaysToRelease: 7.5 };
const WARD_7 = { label: 'Ward 7', capturedMale: 1, capturedFemale: 1, capturedPups: 1, capturedTotal: 3, unfitTooYoung: 1, unfitTotal: 1, surgeriesCancelled: 2, medianDaysToRelease: null };
const NO_WARD = { label: null, capturedMale: 2, capturedTotal: 2, operatedMale: 1, operatedTotal: 1, deathsBeforeSurgery: 1, deathsAfterSurgery: 1, released: 1, vaccinated: 1, medianDaysToRelease: 5 };
const TOTAL = {
  label: null,
  capturedMale: 4,
  capturedFemale: 3,
  capturedPups: 1,
  capturedTotal: 8,
  unfitTooYoung: 1,
  unfitOther: 1,
  unfitTotal: 2,
  operatedMale: 2,
  operatedFemale: 1,
  operatedTotal: 3,
  surgeriesCancelled: 2,
  deathsBeforeSurgery: 1,
  deathsAfterSurgery: 1,
  released: 3,
  releasedFlagged: 1,
  vaccinated: 2,
  medianDaysToRelease: 5,
};

describe('the monthly ABC report', () => {
  it('lists the sterilisation cases of the month whose species was never recorded, by id, instead of counting them', async () => {
    const { db } = ctx.t.database;
    const { a, b } = ctx.world;
    const counted = await insertCase(db, a.id, { ward_zone: 'Ward 9', animal_gender: 'Female', capture_date: '2026-07-03' });
    const first = await insertCase(db, a.id, { ward_zone: 'Ward 9', animal_species: null, animal_gender: null, capture_date: '2026-07-04', operation_date: '2026-07-05' });
    const second = await insertCase(db, a.id, { ward_zone: 'Ward 2', animal_species: null, capture_date: '2026-07-10' });
    // Not listed: another type, deleted, another month, another NGO.
    await insertCase(db, a.id, { animal_species: null, capture_date: '2026-07-04', type: 'OPD' });
    await insertCase(db, a.id, { animal_species: null, capture_date: '2026-07-04', deleted_at: '2026-07-05T10:00:00.000Z' });
    await insertCase(db, a.id, { animal_species: null, capture_date: '2026-08-01' });
    await insertCase(db, b.id, { animal_species: null, capture_date: '2026-07-04' });
    const july = await report({ month: '2026-07' });
    expect(july.total.capturedTotal).toBe(1);
    expect(july.speciesNotRecorded).toEqual([first, second].sort((x, y) => x - y));
    expect(july.speciesNotRecorded).not.toContain(counted);
    expect((await report({ month: '2026-07', ward: 'ward 9' })).speciesNotRecorded).toEqual([first]);
  });

  it('counts every column of every ward as counted by hand, with the total', async () => {
    await marchFixtures();
    const march = await report({ month: '2026-03' });
    expect(march.ngo).toMatchObject({ id: ctx.world.a.id, name: 'Green Paws Trust', releaseThresholdM: 500 });
    expect(march.rowsAre).toBe('wards');
    expect(march.rows.map(nonZero)).toEqual([WARD_5, WARD_7, NO_WARD]);
    expect(nonZero(march.total)).toEqual(TOTAL);
  });

  it('places a case on the last day of a month in that month and not the next, whatever the server time zone', async () => {
    await marchFixtures();
    const zone = process.env.TZ;
    try {
      for (const tz of ['Pacific/Kiritimati', 'America/Adak', 'Asia/Kolkata']) {
        process.env.TZ = tz;
        expect(nonZero((await report({ month: '2026-03' })).total), tz).toEqual(TOTAL);
      }
    } finally {
      process.env.TZ = zone;
    }
    const april = await report({ month: '2026-04' });
    // The dog caught on 31 March was operated on and vaccinated on 1 April; the lactating dog was returned on 2 April.
    expect(nonZero(april.total)).toEqual({ label: null, operatedFemale: 1, operatedTotal: 1, vaccinated: 1, unfitLactating: 1, unfitTotal: 1, medianDaysToRelease: null });
    const february = await report({ month: '2026-02' });
    expect(nonZero(february.total)).toEqual({ label: null, capturedFemale: 2, capturedTotal: 2, operatedFemale: 1, operatedTotal: 1, vaccinated: 1, medianDaysToRelease: null });
  });

  it('counts each reason for returning an unfit dog in its own column, other and unrecorded sexes only in the totals, and deaths by their recorded timing', async () => {
    const { db } = ctx.t.database;
    const { a, b } = ctx.world;
    const add = (fields: Parameters<typeof insertCase>[2], ngoId = a.id) => insertCase(db, ngoId, { ward_zone: 'Ward 9', ...fields });
    // Caught in April (not counted in May), returned unfit in May: one dog per reason, one with a reason no longer offered, one with none.
    for (const [day, unfit_reason] of (['Pregnant', 'Lactating', 'Too young', 'Too old', 'Sick', 'Injured', 'Aggressive', 'Other', 'Limping', null] as const).entries()) {
      await add({ animal_gender: 'Female', capture_date: '2026-04-30', fit_for_surgery: 'No', unfit_reason, release_date: `2026-05-${String(day + 1).padStart(2, '0')}` });
    }
    // Another sex and none recorded: captured and operated totals only.
    await add({ animal_gender: 'Other', capture_date: '2026-05-01', operation_date: '2026-05-31' });
    await add({ animal_gender: null, capture_date: '2026-05-31' });
    // Died after surgery as recorded, with no operation date; died before the operation booked for June, timing not recorded.
    await add({ animal_gender: 'Male', capture_date: '2026-04-01', death_date: '2026-05-15', death_timing: 'After surgery', mortality: 'Fatal' });
    await add({ animal_gender: 'Male', capture_date: '2026-04-01', operation_date: '2026-06-02', death_date: '2026-05-19', mortality: 'Fatal' });
    // Released after surgery (not flagged) in May; the dog operated on 2 May is released in June.
    await add({ animal_gender: 'Male', capture_date: '2026-04-28', operation_date: '2026-04-29', release_date: '2026-05-04', status: 'Released' });
    await add({ animal_gender: 'Male', capture_date: '2026-05-01', operation_date: '2026-05-02', release_date: '2026-06-01', status: 'Released' });
    // The same kinds of dog in another NGO, in the same month.
    await add({ animal_gender: 'Female', capture_date: '2026-05-10', fit_for_surgery: 'No', unfit_reason: 'Sick', release_date: '2026-05-11' }, b.id);
    await add({ animal_gender: 'Other', capture_date: '2026-05-10', operation_date: '2026-05-11', death_date: '2026-05-12', mortality: 'Fatal' }, b.id);

    const may = await report({ month: '2026-05' });
    const expected = {
      label: 'Ward 9',
      capturedMale: 1,
      capturedTotal: 3,
      unfitPregnant: 1,
      unfitLactating: 1,
      unfitTooYoung: 1,
      unfitTooOld: 1,
      unfitSick: 1,
      unfitInjured: 1,
      unfitAggressive: 1,
      unfitOther: 3,
      unfitTotal: 10,
      operatedMale: 1,
      operatedTotal: 2,
      deathsBeforeSurgery: 1,
      deathsAfterSurgery: 1,
      released: 1,
      medianDaysToRelease: 6,
    };
    expect(may.rows.map(nonZero)).toEqual([expected]);
    expect(nonZero(may.total)).toEqual({ ...expected, label: null });
  });

  it('narrows the report to one ward, matched without regard to spaces and letter case', async () => {
    await marchFixtures();
    const ward = await report({ month: '2026-03', ward: '  WARD 7 ' });
    expect(ward.ward).toBe('WARD 7');
    expect(ward.rows.map(nonZero)).toEqual([WARD_7]);
    expect(nonZero(ward.total)).toEqual({ ...WARD_7, label: null });
  });

  it('gives an Admin one NGO on request, and every NGO as rows of NGOs otherwise', async () => {
    await marchFixtures();
    const { admin, a } = ctx.world;
    const one = await report({ month: '2026-03', ngoId: a.id }, admin);
    expect(nonZero(one.total)).toEqual(TOTAL);
    const all = await report({ month: '2026-03' }, admin);
    expect(all.ngo).toBeNull();
    expect(all.rowsAre).toBe('ngos');
    expect(all.rows.map((r) => [r.label, r.capturedTotal, r.operatedTotal])).toEqual([
      ['Blue Cross Unit', 1, 1],
      ['Green Paws Trust', 8, 3],
    ]);
    expect(all.total.capturedTotal).toBe(9);
  });

  it("keeps each NGO to its own report: another NGO's is not found, and a Worker may not read reports", async () => {
    await marchFixtures();
    const { inA, inB, a } = ctx.world;
    expect(nonZero((await report({ month: '2026-03' }, inB.Founder)).total)).toEqual({ label: null, capturedMale: 1, capturedTotal: 1, operatedMale: 1, operatedTotal: 1, medianDaysToRelease: null });
    expect((await inB.Founder.post('/api/report/getAbcReport', { month: '2026-03', ngoId: a.id })).statusCode).toBe(404);
    expect((await inA.Worker.post('/api/report/getAbcReport', { month: '2026-03' })).statusCode).toBe(403);
  });

  it('refuses a month not written as YYYY-MM', async () => {
    const response = await ctx.world.inA.Manager.post('/api/report/getAbcReport', { month: '2026-13' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('month must be a month from 2000-01 to 2100-12, written as YYYY-MM.');
  });

  it('refuses a month before 2000 or after 2100 with a 422 naming the month, on the report, its PDF and its register', async () => {
    const { inA, admin } = ctx.world;
    for (const url of ['/api/report/getAbcReport', '/api/report/getAbcReportPdf', '/api/report/getAbcRegisterCsv']) {
      for (const month of ['9999-12', '2101-01', '1999-12', '0001-01', '0000-01']) {
        for (const caller of [inA.Manager, admin]) {
          const response = await caller.post(url, { month });
          expect(response.statusCode, `${url} ${month}`).toBe(422);
          expect(response.json().message).toBe('month must be a month from 2000-01 to 2100-12, written as YYYY-MM.');
        }
      }
      for (const month of ['2000-01', '2100-12']) expect((await inA.Manager.post(url, { month })).statusCode, `${url} ${month}`).toBe(200);
    }
  });
});
