import { useMutation } from '@tanstack/react-query';
import type { ResetTwoFactorInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

/**
 * Resets a user's two-factor sign-in after a lost phone (docs/security.md#two-factor-sign-in):
 * their secret and recovery codes go and their sessions end. Nothing on the user's page changes.
 */
export function resetTwoFactor(input: ResetTwoFactorInput): Promise<null> {
  return api.post<null>('/auth/twoFactor/resetUser', input);
}

export function useResetTwoFactor() {
  return useMutation({ mutationFn: resetTwoFactor });
}
