import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseReportAdditions } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

export function getCaseReportAdditions(caseId: number): Promise<CaseReportAdditions> {
  return api.post<CaseReportAdditions>('/intake/getCaseAdditions', { caseId });
}

export function caseReportAdditionsQueryOptions(caseId: number) {
  return queryOptions({ queryKey: ['case-report-additions', caseId], queryFn: () => getCaseReportAdditions(caseId), staleTime: 60_000, retry: false });
}

/** What citizen reporters added to the reports linked to a case (docs/citizen-reports.md#adding-to-a-report). */
export function useCaseReportAdditions(caseId: number | null) {
  return useQuery({ ...caseReportAdditionsQueryOptions(caseId ?? 0), enabled: caseId !== null && caseId > 0 });
}
