import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserInput, User } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { userQueryOptions } from './get-user';
import { USERS_QUERY_KEY } from './get-users';

/** Absent fields stay (a left-out password is kept), null clears. */
export function updateUser(input: UpdateUserInput): Promise<User> {
  return api.post<User>('/user/updateUser', input);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryOptions(user.id).queryKey, user);
      void queryClient.invalidateQueries({ queryKey: [...USERS_QUERY_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: userQueryOptions(user.id).queryKey });
    },
  });
}
