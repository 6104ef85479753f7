import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListInput } from '@rescuedesk/shared';
import { NGOS_QUERY_KEY, getNgos } from '../../../lib/ngo-choices';

/** The NGO list's pages: its own query (paging and search), through the fetcher the NGO pickers share. */
export function ngosQueryOptions(params: ListInput) {
  return queryOptions({
    queryKey: [...NGOS_QUERY_KEY, 'list', params],
    queryFn: () => getNgos(params),
    // Keep the rows on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

export function useNgos(params: ListInput) {
  return useQuery(ngosQueryOptions(params));
}
