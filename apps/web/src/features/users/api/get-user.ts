import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from './get-users';

export function getUser(id: number): Promise<User> {
  return api.post<User>('/user/getUserById', { id });
}

export function userQueryOptions(id: number) {
  return queryOptions({ queryKey: [...USERS_QUERY_KEY, 'detail', id], queryFn: () => getUser(id) });
}

export function useUser(id: number) {
  return useQuery(userQueryOptions(id));
}
