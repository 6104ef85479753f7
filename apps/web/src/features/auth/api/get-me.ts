import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

export const ME_QUERY_KEY = ['auth', 'me'] as const;

export function getMe(): Promise<Me> {
  return api.get<Me>('/auth/me');
}

export function meQueryOptions() {
  // A 401 here is an answer ("not signed in"), not a fault worth retrying.
  return queryOptions({ queryKey: ME_QUERY_KEY, queryFn: getMe, retry: false });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
