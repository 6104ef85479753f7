import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportMonthInput, ReportSigning } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { REPORTS_QUERY_KEY } from '../../reports/api/get-abc-report';

/** Under the reports' key: a change to a case refreshes the month's hash and pending changes too. */
export const SIGNING_QUERY_KEY = [...REPORTS_QUERY_KEY, 'signing'] as const;

export function getSigning(params: ReportMonthInput): Promise<ReportSigning> {
  return api.post<ReportSigning>('/committee/getSigning', params);
}

export function signingQueryOptions(params: ReportMonthInput) {
  return queryOptions({ queryKey: [...SIGNING_QUERY_KEY, params], queryFn: () => getSigning(params) });
}

export function useSigning(params: ReportMonthInput, enabled = true) {
  return useQuery({ ...signingQueryOptions(params), enabled });
}
