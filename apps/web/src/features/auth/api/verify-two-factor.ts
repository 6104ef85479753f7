import { useMutation } from '@tanstack/react-query';
import type { SessionUser, VerifyTwoFactorInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

/** The second step of a two-factor sign-in: the challenge and a code open the session. */
export function verifyTwoFactor(input: VerifyTwoFactorInput): Promise<SessionUser> {
  return api.post<SessionUser>('/auth/twoFactor/verify', input);
}

export function useVerifyTwoFactor() {
  return useMutation({ mutationFn: verifyTwoFactor });
}
