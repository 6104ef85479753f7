import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { IntakeListInput, IntakeReport } from '@rescuedesk/shared';
import { api, type Paged } from '../../../lib/api-client';

export const INTAKE_QUERY_KEY = ['intake-reports'] as const;

export function getReports(params: Partial<IntakeListInput>): Promise<Paged<IntakeReport>> {
  return api.postPage<IntakeReport>('/intake/getReports', params);
}

export function reportsQueryOptions(params: Partial<IntakeListInput>) {
  return queryOptions({ queryKey: [...INTAKE_QUERY_KEY, params], queryFn: () => getReports(params), placeholderData: keepPreviousData });
}

export function useReports(params: Partial<IntakeListInput>) {
  return useQuery(reportsQueryOptions(params));
}
