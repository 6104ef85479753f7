import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Vet } from '@rescuedesk/shared';
import type { ListParams } from '../../../components/directory/use-directory-list';
import { api, type Paged } from '../../../lib/api-client';

export const VETS_QUERY_KEY = ['vets'] as const;

export function getVets(params: ListParams): Promise<Paged<Vet>> {
  return api.postPage<Vet>('/vet/getVets', params);
}

export function vetsQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: [...VETS_QUERY_KEY, 'list', params],
    queryFn: () => getVets(params),
    // Keep the rows on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

export function useVets(params: ListParams) {
  return useQuery(vetsQueryOptions(params));
}
