import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Sponsor } from '@rescuedesk/shared';
import type { ListParams } from '../../../components/directory/use-directory-list';
import { api, type Paged } from '../../../lib/api-client';

export const SPONSORS_QUERY_KEY = ['sponsors'] as const;

export function getSponsors(params: ListParams): Promise<Paged<Sponsor>> {
  return api.postPage<Sponsor>('/sponsor/getSponsors', params);
}

export function sponsorsQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: [...SPONSORS_QUERY_KEY, 'list', params],
    queryFn: () => getSponsors(params),
    // Keep the rows on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

export function useSponsors(params: ListParams) {
  return useQuery(sponsorsQueryOptions(params));
}
