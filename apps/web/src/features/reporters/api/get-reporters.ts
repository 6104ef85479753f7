import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListInput, Reporter } from '@rescuedesk/shared';
import { api, type Paged } from '../../../lib/api-client';

export const REPORTERS_QUERY_KEY = ['reporters'] as const;

export function getReporters(params: ListInput): Promise<Paged<Reporter>> {
  return api.postPage<Reporter>('/reporter/getReporters', params);
}

export function reportersQueryOptions(params: ListInput) {
  return queryOptions({
    queryKey: [...REPORTERS_QUERY_KEY, 'list', params],
    queryFn: () => getReporters(params),
    // Keep the rows on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

export function useReporters(params: ListInput) {
  return useQuery(reportersQueryOptions(params));
}
