import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';

export function logout(): Promise<null> {
  return api.post<null>('/auth/logout', {});
}

/** Signs out, then forgets every cached answer so nothing of this user outlives the session. */
export function useLogout({ onSignedOut }: { onSignedOut: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      onSignedOut();
      queryClient.clear();
    },
    // A 401 means the session had already ended; the api-client has sent the user to sign in.
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 401)) notifyError(error);
    },
  });
}
