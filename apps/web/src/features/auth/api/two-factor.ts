import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConfirmTwoFactorInput,
  NgoTwoFactor,
  RecoveryCodes,
  SetNgoTwoFactorInput,
  TwoFactorEnrolment,
  TwoFactorPasswordAndCodeInput,
  TwoFactorStatus,
} from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

/**
 * The signed-in user's own two-factor sign-in (docs/security.md#two-factor-sign-in): its state, and
 * the four changes the profile makes. Each change refreshes the state.
 */
export const TWO_FACTOR_QUERY_KEY = ['auth', 'twoFactor'] as const;

export function getTwoFactor(): Promise<TwoFactorStatus> {
  return api.get<TwoFactorStatus>('/auth/twoFactor');
}

export function twoFactorQueryOptions() {
  return queryOptions({ queryKey: TWO_FACTOR_QUERY_KEY, queryFn: getTwoFactor });
}

export function useTwoFactor() {
  return useQuery(twoFactorQueryOptions());
}

function useTwoFactorChange<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY }) });
}

export function useStartTwoFactor() {
  return useMutation({ mutationFn: () => api.post<TwoFactorEnrolment>('/auth/twoFactor/start') });
}

export function useConfirmTwoFactor() {
  return useTwoFactorChange((input: ConfirmTwoFactorInput) => api.post<RecoveryCodes>('/auth/twoFactor/confirm', input));
}

export function useDisableTwoFactor() {
  return useTwoFactorChange((input: TwoFactorPasswordAndCodeInput) => api.post<null>('/auth/twoFactor/disable', input));
}

export function useNewRecoveryCodes() {
  return useTwoFactorChange((input: TwoFactorPasswordAndCodeInput) => api.post<RecoveryCodes>('/auth/twoFactor/newRecoveryCodes', input));
}

/** Whether an NGO requires two-factor sign-in of its members (Admin only). */
export function useNgoTwoFactor(ngoId: number) {
  return useQuery({
    queryKey: [...TWO_FACTOR_QUERY_KEY, 'ngo', ngoId],
    queryFn: () => api.post<NgoTwoFactor>('/auth/twoFactor/getNgoRequirement', { ngoId }),
  });
}

export function useSetNgoTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetNgoTwoFactorInput) => api.post<NgoTwoFactor>('/auth/twoFactor/setNgoRequirement', input),
    onSuccess: (saved) => {
      queryClient.setQueryData([...TWO_FACTOR_QUERY_KEY, 'ngo', saved.ngoId], saved);
      // The Admin's own prompt does not change, but members of that NGO signed in here would.
      void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY });
    },
  });
}
