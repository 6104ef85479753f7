import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type Ngo } from '@rescuedesk/shared';
import { api, type Paged } from '../../lib/api-client';

/**
 * The NGOs an Admin picks from on the user, reporter, vet and sponsor forms and list filters.
 * Keys sit under ['ngos'], so saving an NGO refreshes these too.
 */
export function getNgoOptions(search: string): Promise<Paged<Ngo>> {
  return api.postPage<Ngo>('/ngo/getNgos', { search: search || undefined, page: 1, pageSize: MAX_PAGE_SIZE });
}

export function useNgoOptions(search: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['ngos', 'options', search],
      queryFn: () => getNgoOptions(search),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}

/** The chosen NGO, so its name shows even when it is not among the options loaded. */
export function useNgoOption(ngoId: number | null, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['ngos', 'option', ngoId],
      queryFn: () => api.post<Ngo>('/ngo/getNgoById', { ngoId }),
      enabled: enabled && ngoId !== null,
    }),
  );
}
