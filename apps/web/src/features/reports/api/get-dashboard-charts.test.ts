import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../../test/fetch';
import { dashboardChartsQueryOptions } from './get-dashboard-charts';

/** The browser's answer to resolvedOptions(), naming only the zone (the code reads nothing else). */
function browserZone(timeZone: string): void {
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone } as Intl.ResolvedDateTimeFormatOptions);
}

const CHARTS = { months: [], casesByMonth: [], casesByType: {}, outcomes: { released: 0, died: 0, inCare: 0 }, surgeriesByMonth: [] };

describe("the dashboard charts' request", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("sends the browser's time zone with the month, so the months are the user's own", async () => {
    browserZone('Asia/Kolkata');
    const fetchMock = stubFetch({ 'POST /api/report/getDashboardCharts': { body: { data: CHARTS } } });

    const options = dashboardChartsQueryOptions({ endMonth: '2026-11' });
    await new QueryClient().fetchQuery(options);

    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ endMonth: '2026-11', timeZone: 'Asia/Kolkata' });
    expect(options.queryKey).toContainEqual({ endMonth: '2026-11', timeZone: 'Asia/Kolkata' });
  });

  it('sends no time zone when the browser names none, and the server keeps UTC days', async () => {
    browserZone('');
    const fetchMock = stubFetch({ 'POST /api/report/getDashboardCharts': { body: { data: CHARTS } } });

    await new QueryClient().fetchQuery(dashboardChartsQueryOptions({ endMonth: '2026-11' }));

    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ endMonth: '2026-11' });
  });
});
