import { useMutation } from '@tanstack/react-query';
import type { LoginInput, SessionUser } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

export function login(input: LoginInput): Promise<SessionUser> {
  return api.post<SessionUser>('/auth/login', input);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
