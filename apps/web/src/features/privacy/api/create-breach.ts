import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Breach, CreateBreachInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { BREACHES_QUERY_KEY } from './get-breaches';

export function createBreach(input: CreateBreachInput): Promise<Breach> {
  return api.post<Breach>('/privacy/createBreach', input);
}

export function useCreateBreach() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBreach, onSuccess: () => void queryClient.invalidateQueries({ queryKey: BREACHES_QUERY_KEY }) });
}
