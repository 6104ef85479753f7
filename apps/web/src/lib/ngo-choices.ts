import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type ListInput, type Ngo } from '@rescuedesk/shared';
import { api, type Paged } from './api-client';

/**
 * Every NGO query sits under this key: the NGO list's pages, one NGO, and the choices of the NGO
 * pickers. Saving an NGO invalidates the key, which refreshes them all.
 */
export const NGOS_QUERY_KEY = ['ngos'] as const;

/** The one fetcher of /ngo/getNgos: the NGO list pages through it, the choices read its first page. */
export function getNgos(params: ListInput): Promise<Paged<Ngo>> {
  return api.postPage<Ngo>('/ngo/getNgos', params);
}

/** Every field comes from this fresh answer (docs/product.md#where-we-differ-from-the-observed-product), never from an earlier one. */
export function getNgo(ngoId: number): Promise<Ngo> {
  return api.post<Ngo>('/ngo/getNgoById', { ngoId });
}

export function ngoQueryOptions(ngoId: number) {
  return queryOptions({ queryKey: [...NGOS_QUERY_KEY, 'detail', ngoId], queryFn: () => getNgo(ngoId) });
}

/**
 * Admin only: the NGOs to choose from, found by name or Darpan Id on the server (an empty search
 * lists them all, up to the largest page). One query serves every NGO picker: the NGO of a user,
 * reporter, vet or sponsor, a list's NGO filter, and the NGO of a new case.
 */
export function ngoChoicesQueryOptions(search: string) {
  return queryOptions({
    queryKey: [...NGOS_QUERY_KEY, 'choices', search],
    queryFn: () => getNgos({ search: search || undefined, page: 1, pageSize: MAX_PAGE_SIZE }),
    // Keep the last choices on screen while the next search loads.
    placeholderData: keepPreviousData,
  });
}

export function useNgoChoices(search: string, enabled: boolean) {
  return useQuery({ ...ngoChoicesQueryOptions(search), enabled });
}

/** The chosen NGO, so its name shows even when it is not among the choices loaded. */
export function useChosenNgo(ngoId: number | null) {
  // Never fetched without an id: the 0 only completes the key of a query that stays idle.
  return useQuery({ ...ngoQueryOptions(ngoId ?? 0), enabled: ngoId !== null });
}
