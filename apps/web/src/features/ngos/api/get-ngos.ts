import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Ngo } from '@rescuedesk/shared';
import type { ListParams } from '../../../components/directory/use-directory-list';
import { api, type Paged } from '../../../lib/api-client';

/** Every NGO query sits under this key (the NGO pickers of other screens too), so a save refreshes them all. */
export const NGOS_QUERY_KEY = ['ngos'] as const;

export function getNgos(params: ListParams): Promise<Paged<Ngo>> {
  return api.postPage<Ngo>('/ngo/getNgos', params);
}

export function ngosQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: [...NGOS_QUERY_KEY, 'list', params],
    queryFn: () => getNgos(params),
    // Keep the rows on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

export function useNgos(params: ListParams) {
  return useQuery(ngosQueryOptions(params));
}
