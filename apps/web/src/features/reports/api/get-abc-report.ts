import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AbcReport, AbcReportInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

/** Reports read cases: any change to a case refreshes them too. */
export const REPORTS_QUERY_KEY = ['cases', 'reports'] as const;

export function getAbcReport(params: AbcReportInput): Promise<AbcReport> {
  return api.post<AbcReport>('/report/getAbcReport', params);
}

export function abcReportQueryOptions(params: AbcReportInput) {
  return queryOptions({ queryKey: [...REPORTS_QUERY_KEY, 'abc', params], queryFn: () => getAbcReport(params) });
}

export function useAbcReport(params: AbcReportInput) {
  return useQuery(abcReportQueryOptions(params));
}
