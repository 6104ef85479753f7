import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RetentionInput, RetentionRunResult } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { RETENTION_QUERY_KEY } from './get-retention-preview';

/** Today's retention run now; a second call the same day answers that it ran already. */
export function runRetention(input: RetentionInput): Promise<RetentionRunResult> {
  return api.post<RetentionRunResult>('/privacy/runRetention', input);
}

export function useRunRetention() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: runRetention, onSuccess: () => void queryClient.invalidateQueries({ queryKey: RETENTION_QUERY_KEY }) });
}
