import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListInput, Vet } from '@rescuedesk/shared';
import { api, type Paged } from '../../../lib/api-client';

export const VETS_QUERY_KEY = ['vets'] as const;

export function getVets(params: ListInput): Promise<Paged<Vet>> {
  return api.postPage<Vet>('/vet/getVets', params);
}

export function vetsQueryOptions(params: ListInput) {
  return queryOptions({
    queryKey: [...VETS_QUERY_KEY, 'list', params],
    queryFn: () => getVets(params),
    // Keep the rows on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

export function useVets(params: ListInput) {
  return useQuery(vetsQueryOptions(params));
}
