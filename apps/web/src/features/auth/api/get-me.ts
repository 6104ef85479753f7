import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

export const ME_QUERY_KEY = ['auth', 'me'] as const;

/** The signed-in user, or null when there is no session (the server answers that with 200, not 401). */
export function getMe(): Promise<Me | null> {
  return api.get<Me | null>('/auth/me');
}

export function meQueryOptions() {
  // "Not signed in" is an answer, not a fault worth retrying. Asked even without a network, so
  // that a device with nothing kept for offline use learns at once that it cannot go on.
  return queryOptions({ queryKey: ME_QUERY_KEY, queryFn: getMe, retry: false, networkMode: 'always' });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
