import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RunListInput, RunSummary } from '@rescuedesk/shared';
import { api, type Paged } from '../../../lib/api-client';

export const RUNS_QUERY_KEY = ['runs'] as const;

export function getRuns(params: Partial<RunListInput>): Promise<Paged<RunSummary>> {
  return api.postPage<RunSummary>('/run/getRuns', params);
}

export function runsQueryOptions(params: Partial<RunListInput>) {
  return queryOptions({ queryKey: [...RUNS_QUERY_KEY, 'list', params], queryFn: () => getRuns(params), placeholderData: keepPreviousData });
}

export function useRuns(params: Partial<RunListInput>) {
  return useQuery(runsQueryOptions(params));
}
