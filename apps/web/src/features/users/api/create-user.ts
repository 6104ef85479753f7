import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserInput, User } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { userQueryOptions } from './get-user';
import { USERS_QUERY_KEY } from './get-users';

/** The server checks the role-assignment table and answers 403 with a message when it refuses. */
export function createUser(input: CreateUserInput): Promise<User> {
  return api.post<User>('/user/createUser', input);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryOptions(user.id).queryKey, user);
      void queryClient.invalidateQueries({ queryKey: [...USERS_QUERY_KEY, 'list'] });
    },
  });
}
