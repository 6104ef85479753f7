import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@rescuedesk/shared';
import type { ListParams } from '../../../components/directory/use-directory-list';
import { api, type Paged } from '../../../lib/api-client';

export const USERS_QUERY_KEY = ['users'] as const;

/** Active accounts only: a deactivated user leaves the list. */
export function getUsers(params: ListParams): Promise<Paged<User>> {
  return api.postPage<User>('/user/getUsers', params);
}

export function usersQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: [...USERS_QUERY_KEY, 'list', params],
    queryFn: () => getUsers(params),
    // Keep the rows on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(params: ListParams) {
  return useQuery(usersQueryOptions(params));
}
