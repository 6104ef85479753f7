import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardCharts, DashboardChartsInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { REPORTS_QUERY_KEY } from './get-abc-report';

export function getDashboardCharts(params: DashboardChartsInput): Promise<DashboardCharts> {
  return api.post<DashboardCharts>('/report/getDashboardCharts', params);
}

export function dashboardChartsQueryOptions(params: DashboardChartsInput) {
  return queryOptions({ queryKey: [...REPORTS_QUERY_KEY, 'charts', params], queryFn: () => getDashboardCharts(params) });
}

/** The charts' data, asked for only once `enabled` (the charts are on screen). */
export function useDashboardCharts(params: DashboardChartsInput, enabled: boolean) {
  return useQuery({ ...dashboardChartsQueryOptions(params), enabled });
}
