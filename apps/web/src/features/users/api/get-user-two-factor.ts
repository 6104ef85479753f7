import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserTwoFactor } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from './get-users';

/** Whether a user's two-factor sign-in is on, for an Admin or their Founder (who may reset it). */
export function userTwoFactorQueryOptions(userId: number) {
  return queryOptions({
    queryKey: [...USERS_QUERY_KEY, 'twoFactor', userId],
    queryFn: () => api.post<UserTwoFactor>('/auth/twoFactor/getUserStatus', { userId }),
  });
}

export function useUserTwoFactor(userId: number, enabled: boolean) {
  return useQuery({ ...userTwoFactorQueryOptions(userId), enabled });
}
