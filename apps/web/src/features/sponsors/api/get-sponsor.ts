import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Sponsor } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { SPONSORS_QUERY_KEY } from './get-sponsors';

export function getSponsor(id: number): Promise<Sponsor> {
  return api.post<Sponsor>('/sponsor/getSponsorById', { id });
}

export function sponsorQueryOptions(id: number) {
  return queryOptions({ queryKey: [...SPONSORS_QUERY_KEY, 'detail', id], queryFn: () => getSponsor(id) });
}

export function useSponsor(id: number) {
  return useQuery(sponsorQueryOptions(id));
}
