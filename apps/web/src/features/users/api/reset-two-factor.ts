import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResetTwoFactorInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { userTwoFactorQueryOptions } from './get-user-two-factor';

/**
 * Resets a user's two-factor sign-in after a lost phone (docs/security.md#two-factor-sign-in):
 * their secret and recovery codes go and their sessions end.
 */
export function resetTwoFactor(input: ResetTwoFactorInput): Promise<null> {
  return api.post<null>('/auth/twoFactor/resetUser', input);
}

export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTwoFactor,
    onSuccess: (_, input) => queryClient.invalidateQueries({ queryKey: userTwoFactorQueryOptions(input.userId).queryKey }),
  });
}
