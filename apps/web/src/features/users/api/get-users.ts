import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { User, UserListInput } from '@rescuedesk/shared';
import { api, type Paged } from '../../../lib/api-client';

export const USERS_QUERY_KEY = ['users'] as const;

/** Active accounts unless `status` asks for the deactivated ones, or all. */
export function getUsers(params: UserListInput): Promise<Paged<User>> {
  return api.postPage<User>('/user/getUsers', params);
}

export function usersQueryOptions(params: UserListInput) {
  return queryOptions({
    queryKey: [...USERS_QUERY_KEY, 'list', params],
    queryFn: () => getUsers(params),
    // Keep the rows on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(params: UserListInput) {
  return useQuery(usersQueryOptions(params));
}
