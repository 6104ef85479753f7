import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListInput, Ward } from '@rescuedesk/shared';
import { api, type Paged } from '../../../lib/api-client';

export const SURVEYS_QUERY_KEY = ['surveys'] as const;

export function getWards(params: ListInput): Promise<Paged<Ward>> {
  return api.postPage<Ward>('/ward/getWards', params);
}

export function wardsQueryOptions(params: ListInput) {
  return queryOptions({
    queryKey: [...SURVEYS_QUERY_KEY, 'wards', params],
    queryFn: () => getWards(params),
    placeholderData: keepPreviousData,
  });
}

export function useWards(params: ListInput) {
  return useQuery(wardsQueryOptions(params));
}
