import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { userQueryOptions } from './get-user';
import { USERS_QUERY_KEY } from './get-users';

/** Brings a deactivated account back (the same role rules as deactivating); it can sign in again. */
export function reactivateUser(id: number): Promise<User> {
  return api.post<User>('/user/reactivateUser', { id });
}

export function useReactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateUser,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryOptions(user.id).queryKey, user);
      return queryClient.invalidateQueries({ queryKey: [...USERS_QUERY_KEY, 'list'] });
    },
  });
}
