import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListInput, Sponsor } from '@rescuedesk/shared';
import { api, type Paged } from '../../../lib/api-client';

export const SPONSORS_QUERY_KEY = ['sponsors'] as const;

export function getSponsors(params: ListInput): Promise<Paged<Sponsor>> {
  return api.postPage<Sponsor>('/sponsor/getSponsors', params);
}

export function sponsorsQueryOptions(params: ListInput) {
  return queryOptions({
    queryKey: [...SPONSORS_QUERY_KEY, 'list', params],
    queryFn: () => getSponsors(params),
    // Keep the rows on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

export function useSponsors(params: ListInput) {
  return useQuery(sponsorsQueryOptions(params));
}
