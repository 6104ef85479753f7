import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userQueryOptions } from './get-user';
import { USERS_QUERY_KEY } from './get-users';

/** deleteUser: deactivates the account, ending its sessions (docs/product.md#sign-in-and-sessions). */
export function deactivateUser(id: number): Promise<null> {
  return api.post<null>('/user/deleteUser', { id });
}

export function useDeactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateUser,
    onSuccess: (_, id) => {
      void queryClient.invalidateQueries({ queryKey: [...USERS_QUERY_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: userQueryOptions(id).queryKey });
    },
  });
}
