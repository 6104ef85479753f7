import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Reporter } from '@rescuedesk/shared';
import type { ListParams } from '../../../components/directory/use-directory-list';
import { api, type Paged } from '../../../lib/api-client';

export const REPORTERS_QUERY_KEY = ['reporters'] as const;

export function getReporters(params: ListParams): Promise<Paged<Reporter>> {
  return api.postPage<Reporter>('/reporter/getReporters', params);
}

export function reportersQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: [...REPORTERS_QUERY_KEY, 'list', params],
    queryFn: () => getReporters(params),
    // Keep the rows on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

export function useReporters(params: ListParams) {
  return useQuery(reportersQueryOptions(params));
}
