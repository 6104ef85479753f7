import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Breach } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { BREACHES_QUERY_KEY } from './get-breaches';

export function markBreachReported(id: number): Promise<Breach> {
  return api.post<Breach>('/privacy/markBreachReported', { id });
}

/** The Board was told: the breach's clock stops. */
export function useMarkBreachReported() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markBreachReported, onSuccess: () => void queryClient.invalidateQueries({ queryKey: BREACHES_QUERY_KEY }) });
}
