import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListInput, User } from '@rescuedesk/shared';
import { api, type Paged } from '../../../lib/api-client';

export const USERS_QUERY_KEY = ['users'] as const;

/** Active accounts only: a deactivated user leaves the list. */
export function getUsers(params: ListInput): Promise<Paged<User>> {
  return api.postPage<User>('/user/getUsers', params);
}

export function usersQueryOptions(params: ListInput) {
  return queryOptions({
    queryKey: [...USERS_QUERY_KEY, 'list', params],
    queryFn: () => getUsers(params),
    // Keep the rows on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(params: ListInput) {
  return useQuery(usersQueryOptions(params));
}
