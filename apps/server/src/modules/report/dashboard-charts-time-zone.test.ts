import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld, type Caller } from '../../../test/api';
import { ok } from '../../../test/cases';
import { insertCase } from '../../../test/report-cases';
import { ZoneClock, localMonthBounds } from './local-months';

/**
 * "Cases per month, by status" in the user's own calendar (docs/reports.md#dashboard-charts): a case
 * with no reported date counts in the month, in the browser's time zone, of the moment it was
 * created. Both databases.
 */
const ctx = useTwoNgoWorld();

type MonthCounts = { month: string; counts: Record<string, number> };

/** The cases counted in each month of the chart that has any, whatever their status. */
async function casesPerMonth(caller: Caller, body: object): Promise<Record<string, number>> {
  const charts = await ok(caller, '/api/report/getDashboardCharts', body);
  const out: Record<string, number> = {};
  for (const m of charts.casesByMonth as MonthCounts[]) {
    const n = Object.values(m.counts).reduce((sum, x) => sum + x, 0);
    if (n > 0) out[m.month] = n;
  }
  return out;
}

describe("the dashboard's cases per month in the user's time zone", () => {
  it('counts a case created at 01:30 IST on 1 November, with no reported date, in November in India and in October in UTC', async () => {
    const { db } = ctx.t.database;
    const { a, inA } = ctx.world;
    await insertCase(db, a.id, { reported_date: null, created_at: '2026-10-31T20:00:00.000Z', status: 'Reported' });

    expect(await casesPerMonth(inA.Worker, { endMonth: '2026-11', timeZone: 'Asia/Kolkata' })).toEqual({ '2026-11': 1 });
    // Chromium names the same zone by its older name.
    expect(await casesPerMonth(inA.Worker, { endMonth: '2026-11', timeZone: 'Asia/Calcutta' })).toEqual({ '2026-11': 1 });
    expect(await casesPerMonth(inA.Worker, { endMonth: '2026-11', timeZone: 'UTC' })).toEqual({ '2026-10': 1 });
    // An older client that sends no time zone gets the UTC day, as before.
    expect(await casesPerMonth(inA.Worker, { endMonth: '2026-11' })).toEqual({ '2026-10': 1 });
  });

  it("begins and ends the twelve months at the user's midnights, keeps each status, and counts a reported date as entered", async () => {
    const { db } = ctx.t.database;
    const { a, b, inA, admin } = ctx.world;
    // 1 December 2025, 01:30 IST: the first month of a chart ending in November 2026 (its UTC day is in November 2025).
    await insertCase(db, a.id, { reported_date: null, created_at: '2025-11-30T20:00:00.000Z', status: 'Admitted' });
    // 1 December 2026, 01:30 IST: after the chart's last month (its UTC day is in November 2026).
    await insertCase(db, a.id, { reported_date: null, created_at: '2026-11-30T20:00:00.000Z', status: 'Reported' });
    // 31 March 2026, 23:59 IST (18:29 UTC) stays in March; 1 April, 00:00 IST (18:30 UTC) is April.
    await insertCase(db, a.id, { reported_date: null, created_at: '2026-03-31T18:29:59.999Z', status: 'Released' });
    await insertCase(db, a.id, { reported_date: null, created_at: '2026-03-31T18:30:00.000Z', status: 'Released' });
    // A reported date is a plain date as entered: it decides, whenever the case was created.
    await insertCase(db, a.id, { reported_date: '2026-06-30', created_at: '2026-06-30T20:00:00.000Z', status: 'Operation' });
    // Another NGO's case near a month's start: only in its own scope and the Admin's.
    await insertCase(db, b.id, { reported_date: null, created_at: '2026-08-31T19:00:00.000Z', status: 'Reported' });

    const body = { endMonth: '2026-11', timeZone: 'Asia/Kolkata' };
    const charts = await ok(inA.Manager, '/api/report/getDashboardCharts', body);
    const month = (m: string) => (charts.casesByMonth as MonthCounts[]).find((x) => x.month === m)!.counts;
    expect(month('2025-12')).toMatchObject({ Admitted: 1, Reported: 0 });
    expect(month('2026-03')).toMatchObject({ Released: 1 });
    expect(month('2026-04')).toMatchObject({ Released: 1 });
    expect(month('2026-06')).toMatchObject({ Operation: 1 });
    expect(month('2026-11')).toMatchObject({ Reported: 0 });
    expect(await casesPerMonth(inA.Manager, body)).toEqual({ '2025-12': 1, '2026-03': 1, '2026-04': 1, '2026-06': 1 });
    expect(await casesPerMonth(inA.Manager, { endMonth: '2026-11', timeZone: 'UTC' })).toEqual({ '2026-03': 2, '2026-06': 1, '2026-11': 1 });
    expect(await casesPerMonth(admin, body)).toEqual({ '2025-12': 1, '2026-03': 1, '2026-04': 1, '2026-06': 1, '2026-09': 1 });
    expect(await casesPerMonth(admin, { ...body, ngoId: b.id })).toEqual({ '2026-09': 1 });
  });

  it('follows daylight saving: New York on either side of its midnights in winter and summer time', async () => {
    const { db } = ctx.t.database;
    const { a, inA } = ctx.world;
    // 1 March 2026 begins at 05:00 UTC (EST, UTC-5); 1 April and 1 November at 04:00 UTC (EDT, UTC-4;
    // summer time ends at 02:00 on 1 November 2026, after that midnight).
    const created = {
      '2026-03-01T04:30:00.000Z': 'Feb 28, 23:30 EST',
      '2026-03-01T05:30:00.000Z': 'Mar 1, 00:30 EST',
      '2026-04-01T03:30:00.000Z': 'Mar 31, 23:30 EDT',
      '2026-04-01T04:30:00.000Z': 'Apr 1, 00:30 EDT',
      '2026-11-01T03:30:00.000Z': 'Oct 31, 23:30 EDT',
      '2026-11-01T04:30:00.000Z': 'Nov 1, 00:30 EDT',
    };
    for (const at of Object.keys(created)) await insertCase(db, a.id, { reported_date: null, created_at: at, status: 'Reported' });

    expect(await casesPerMonth(inA.Worker, { endMonth: '2026-11', timeZone: 'America/New_York' })).toEqual({ '2026-02': 1, '2026-03': 2, '2026-04': 1, '2026-10': 1, '2026-11': 1 });
    expect(await casesPerMonth(inA.Worker, { endMonth: '2026-11', timeZone: 'UTC' })).toEqual({ '2026-03': 2, '2026-04': 2, '2026-11': 2 });
  });

  it('ends at the current month of the time zone sent when no month is', async () => {
    const { db } = ctx.t.database;
    const { a, inA } = ctx.world;
    await insertCase(db, a.id, { reported_date: null, created_at: new Date().toISOString(), status: 'Reported' });
    const zone = 'Pacific/Kiritimati';
    const monthThere = () => new ZoneClock(zone).monthOf(Date.now());
    const before = monthThere();
    const charts = await ok(inA.Worker, '/api/report/getDashboardCharts', { timeZone: zone });
    // The request may straddle the zone's midnight at a month's end: then the chart ends a month later.
    expect([before, monthThere()]).toContain(charts.months.at(-1));
    expect(await casesPerMonth(inA.Worker, { timeZone: zone })).toEqual({ [charts.months.at(-1)]: 1 });
  });

  it('refuses a time zone Intl does not know with a 400 that says what it must be', async () => {
    for (const timeZone of ['Mars/Olympus', '', 'Asia/Kolkata'.repeat(8), 42]) {
      const response = await ctx.world.inA.Worker.post('/api/report/getDashboardCharts', { endMonth: '2026-11', timeZone });
      expect(response.statusCode, JSON.stringify(timeZone)).toBe(400);
      expect(response.json().message).toBe('timeZone must be a time zone such as Asia/Kolkata (its IANA name).');
    }
  });
});

describe("the dashboard's last month", () => {
  it('refuses an end month before 2000 or after 2100 with a 422 naming endMonth, with or without a time zone', async () => {
    for (const endMonth of ['9999-12', '2101-01', '1999-12', '0099-12', '0000-01']) {
      for (const timeZone of ['Asia/Kolkata', 'America/New_York', 'Pacific/Kiritimati', undefined]) {
        const response = await ctx.world.inA.Worker.post('/api/report/getDashboardCharts', { endMonth, timeZone });
        expect(response.statusCode, `${endMonth} ${timeZone}`).toBe(422);
        expect(response.json().message).toBe('endMonth must be a month from 2000-01 to 2100-12, written as YYYY-MM.');
      }
    }
  });

  it('charts the first and the last months allowed, in a zone east and a zone west of UTC', async () => {
    for (const timeZone of ['Asia/Kolkata', 'America/New_York']) {
      expect((await ok(ctx.world.inA.Worker, '/api/report/getDashboardCharts', { endMonth: '2100-12', timeZone })).months.at(-1)).toBe('2100-12');
      expect((await ok(ctx.world.inA.Worker, '/api/report/getDashboardCharts', { endMonth: '2000-01', timeZone })).months).toEqual([
        '1999-02', '1999-03', '1999-04', '1999-05', '1999-06', '1999-07', '1999-08', '1999-09', '1999-10', '1999-11', '1999-12', '2000-01',
      ]);
    }
  });
});

describe("the months' bounds in a time zone", () => {
  it('begins a month at local midnight, UTC days before it east of UTC and after it west of UTC', () => {
    expect(localMonthBounds(new ZoneClock('Asia/Kolkata'), ['2026-10', '2026-11'])).toEqual({
      bounds: ['2026-09-30T18:30:00.000Z', '2026-10-31T18:30:00.000Z', '2026-11-30T18:30:00.000Z'],
      days: ['2026-09-30', '2026-10-31', '2026-11-30'],
    });
    expect(localMonthBounds(new ZoneClock('America/New_York'), ['2026-10', '2026-11'])).toEqual({
      bounds: ['2026-10-01T04:00:00.000Z', '2026-11-01T04:00:00.000Z', '2026-12-01T05:00:00.000Z'],
      days: ['2026-10-01', '2026-11-01', '2026-12-01'],
    });
  });

  it('needs no UTC day where the zone is on UTC at the month start (London in winter)', () => {
    expect(localMonthBounds(new ZoneClock('Europe/London'), ['2026-09', '2026-10', '2026-11'])).toEqual({
      bounds: ['2026-08-31T23:00:00.000Z', '2026-09-30T23:00:00.000Z', '2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z'],
      days: ['2026-08-31', '2026-09-30'],
    });
  });

  it('begins a month whose midnight the clocks skip at the moment they jump (Asunción, 1 October 2023)', () => {
    // At 00:00 (UTC-4) the clocks went to 01:00 (UTC-3): October began at 04:00 UTC, the wall clock reading 01:00.
    expect(localMonthBounds(new ZoneClock('America/Asuncion'), ['2023-10']).bounds).toEqual(['2023-10-01T04:00:00.000Z', '2023-11-01T03:00:00.000Z']);
  });
});
