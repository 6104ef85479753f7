import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

export function changePassword(input: ChangePasswordInput): Promise<null> {
  return api.post<null>('/auth/changePassword', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
