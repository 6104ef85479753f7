import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardCharts, DashboardChartsInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { REPORTS_QUERY_KEY } from './get-abc-report';

/** The browser's IANA time zone (Asia/Kolkata), whose calendar the monthly charts follow; undefined if the browser names none. */
export function browserTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

export function getDashboardCharts(params: DashboardChartsInput): Promise<DashboardCharts> {
  return api.post<DashboardCharts>('/report/getDashboardCharts', params);
}

/** The charts in the user's own calendar: the browser's time zone goes with the request (and its key). */
export function dashboardChartsQueryOptions(params: DashboardChartsInput) {
  const body: DashboardChartsInput = { timeZone: browserTimeZone(), ...params };
  return queryOptions({ queryKey: [...REPORTS_QUERY_KEY, 'charts', body], queryFn: () => getDashboardCharts(body) });
}

/** The charts' data, asked for only once `enabled` (the charts are on screen). */
export function useDashboardCharts(params: DashboardChartsInput, enabled: boolean) {
  return useQuery({ ...dashboardChartsQueryOptions(params), enabled });
}
