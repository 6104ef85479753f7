import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld } from '../test/api';

/**
 * "No input gives a 5xx" (issue 33): the report and case query routes that read dates, months and
 * numbers, sent hostile values one field at a time and then mixed by fast-check. Every answer must
 * be below 500 (a refusal says why in a message); the OpenAPI recorder of the test app checks that
 * each status sent is documented.
 */
const ctx = useTwoNgoWorld();

const HOSTILE: readonly unknown[] = [
  // Months and dates at and past the calendar's ends, and not dates at all.
  '9999-12', '9999-12-31', '0000-01', '0000-01-01', '0001-01', '10000-01', '2026-13', '2026-00', '2026-1', '2026-02-30', '-2026-01', '2026-01-01T00:00:00Z',
  // Numbers too big, too small, not finite, or not numbers.
  1e308, -1e308, 2 ** 31, 2 ** 53 + 2, -1, 0, 1.5, '9223372036854775808', '1e309', 'NaN', 'Infinity', '-0', '0x10', ' 12 ', '',
  // Long text, control characters, text direction marks.
  'x'.repeat(100_000), '2026-0\u0000', '\u0001\u001f\u007f', '\u202e2026-01', '\ud800',
  // Lists and objects for scalars, and null.
  ['2026-10'], [1], [], {}, { $gt: 0 }, null, true,
];

/** Whole bodies that are not an object of fields. */
const HOSTILE_BODIES: readonly unknown[] = [null, [], ['2026-10'], 1e308, 'NaN', 'x'.repeat(100_000), true];

interface Route {
  url: string;
  /** Read with another route's schema and service: only its own fields are varied, one at a time. */
  sameAs?: string;
  /** A body the route accepts; each field is replaced in turn by every hostile value. */
  valid: (ids: { caseId: number; sponsorId: number; ngoId: number }) => Record<string, unknown>;
}

const ROUTES: readonly Route[] = [
  { url: '/api/report/getAbcReport', valid: ({ ngoId }) => ({ month: '2026-10', ward: 'Ward 1', ngoId }) },
  // A PDF takes a while to draw: the month alone, the rest is getAbcReport's.
  { url: '/api/report/getAbcReportPdf', sameAs: '/api/report/getAbcReport', valid: () => ({ month: '2026-10' }) },
  { url: '/api/report/getAbcRegisterCsv', sameAs: '/api/report/getAbcReport', valid: ({ ngoId }) => ({ month: '2026-10', ngoId }) },
  { url: '/api/report/getDashboardCharts', valid: ({ ngoId }) => ({ ngoId, endMonth: '2026-10', timeZone: 'Asia/Kolkata' }) },
  { url: '/api/report/getSponsorCases', valid: ({ sponsorId }) => ({ sponsorId, page: 1, pageSize: 50 }) },
  { url: '/api/export/sponsorCases', valid: ({ sponsorId }) => ({ sponsorId }) },
  { url: '/api/export/cases', valid: ({ ngoId }) => ({ type: 'All', status: 'Reported', ngoId }) },
  { url: '/api/case/getCaseByType', valid: ({ ngoId }) => ({ type: 'All', page: 1, pageSize: 20, ngoId }) },
  { url: '/api/case/getDeletedCases', valid: ({ ngoId }) => ({ page: 1, pageSize: 20, ngoId }) },
  { url: '/api/case/getCaseById', valid: ({ caseId }) => ({ id: caseId }) },
  { url: '/api/case/getCaseTimeline', valid: ({ caseId }) => ({ caseId, page: 1, pageSize: 20 }) },
  { url: '/api/case/getWardSuggestions', valid: ({ ngoId }) => ({ ngoId }) },
];

describe('hostile values on the report and case query routes', () => {
  it('never answers 5xx, one hostile field at a time and mixed', async () => {
    const { world } = ctx;
    const admin = world.admin;
    const created = await admin.post('/api/case/createCase', { type: 'OPD', ngoId: world.a.id });
    expect(created.statusCode, created.body).toBe(200);
    const sponsor = await admin.post('/api/sponsor/createSponsor', { ngoId: world.a.id, name: 'Asha Trust', type: 'Sterilization', amount: 1000, startDate: '2026-01-01', endDate: '2026-12-31' });
    expect(sponsor.statusCode, sponsor.body).toBe(200);
    const ids = { caseId: created.json().data.id as number, sponsorId: sponsor.json().data.id as number, ngoId: world.a.id };

    const send = async (url: string, payload: unknown) => {
      const response = await ctx.t.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
      const shown = JSON.stringify(payload).slice(0, 200);
      expect(response.statusCode, `${url} ${shown} -> ${response.body.slice(0, 300)}`).toBeLessThan(500);
      if (response.statusCode >= 400) expect(typeof response.json().message, `${url} ${shown}`).toBe('string');
      return response.statusCode;
    };

    // Every route answers its valid body: the hostile ones below are refused for their value alone.
    for (const route of ROUTES) expect(await send(route.url, route.valid(ids)), route.url).toBe(200);

    let sent = 0;
    for (const route of ROUTES) {
      const valid = route.valid(ids);
      for (const field of Object.keys(valid)) {
        for (const value of HOSTILE) {
          await send(route.url, { ...valid, [field]: value });
          sent++;
        }
      }
    }

    // Mixed: several fields hostile at once, and hostile bodies as a whole.
    const own = ROUTES.filter((r) => r.sameAs === undefined);
    const route = fc.constantFrom(...own);
    const value = fc.constantFrom(...HOSTILE);
    await fc.assert(
      fc.asyncProperty(route, fc.dictionary(fc.constantFrom('month', 'endMonth', 'ward', 'ngoId', 'sponsorId', 'caseId', 'id', 'page', 'pageSize', 'type', 'status', 'search', 'timeZone'), value, { maxKeys: 4 }), async (r, fields) => {
        await send(r.url, { ...r.valid(ids), ...fields });
        sent++;
      }),
      { numRuns: 80, seed: 20261129 },
    );
    for (const body of HOSTILE_BODIES) for (const r of own) await send(r.url, body);
    expect(sent).toBeGreaterThan(1000);
  }, 120_000);
});
