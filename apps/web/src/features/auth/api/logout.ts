import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { forgetOfflineData } from '../../../lib/offline/offline-cache';

export function logout(): Promise<null> {
  return api.post<null>('/auth/logout', {});
}

/**
 * Signs out, then forgets every cached answer so nothing of this user outlives the session: in
 * memory, and what was kept on the device for reading offline (docs/decisions/012).
 */
export function useLogout({ onSignedOut }: { onSignedOut: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      // First, so that clearing the cache below writes nothing for this user.
      const forgotten = forgetOfflineData();
      onSignedOut();
      queryClient.clear();
      await forgotten;
    },
    // A 401 means the session had already ended; the api-client has sent the user to sign in. The
    // user asked to sign out all the same: nothing of theirs stays on the device.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) void forgetOfflineData();
      else notifyError(error);
    },
  });
}
