import { useMutation } from '@tanstack/react-query';
import type { LoginAnswer, LoginInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

/** Signed in, or (two-factor sign-in on) a challenge for the code step. */
export function login(input: LoginInput): Promise<LoginAnswer> {
  return api.post<LoginAnswer>('/auth/login', input);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
