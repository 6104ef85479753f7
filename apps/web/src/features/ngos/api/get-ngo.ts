import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ngo } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { NGOS_QUERY_KEY } from './get-ngos';

/** Every field comes from this fresh answer (decisions.md), never from an earlier one. */
export function getNgo(ngoId: number): Promise<Ngo> {
  return api.post<Ngo>('/ngo/getNgoById', { ngoId });
}

export function ngoQueryOptions(ngoId: number) {
  return queryOptions({ queryKey: [...NGOS_QUERY_KEY, 'detail', ngoId], queryFn: () => getNgo(ngoId) });
}

export function useNgo(ngoId: number) {
  return useQuery(ngoQueryOptions(ngoId));
}
