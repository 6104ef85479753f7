import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DuplicateSuggestion } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { INTAKE_QUERY_KEY } from './get-reports';

export function getReportDuplicates(reportId: number): Promise<DuplicateSuggestion[]> {
  return api.post<DuplicateSuggestion[]>('/intake/getDuplicateSuggestions', { reportId });
}

export function reportDuplicatesQueryOptions(reportId: number) {
  return queryOptions({ queryKey: [...INTAKE_QUERY_KEY, 'duplicates', reportId], queryFn: () => getReportDuplicates(reportId), staleTime: 60_000 });
}

/** The open cases and untriaged reports that may be the same animal as a report (docs/citizen-reports.md#duplicate-suggestions). */
export function useReportDuplicates(reportId: number, enabled: boolean) {
  return useQuery({ ...reportDuplicatesQueryOptions(reportId), enabled });
}
