import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateRunInput, Run } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { runQueryKey } from './get-run';
import { RUNS_QUERY_KEY } from './get-runs';

export function createRun(input: CreateRunInput & { idempotencyKey: string }): Promise<Run> {
  const { idempotencyKey, ...body } = input;
  return api.post<Run>('/run/createRun', body, { idempotencyKey });
}

export function useCreateRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRun,
    onSuccess: (run) => {
      queryClient.setQueryData(runQueryKey(run.id), run);
      void queryClient.invalidateQueries({ queryKey: [...RUNS_QUERY_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...RUNS_QUERY_KEY, 'candidates'] });
    },
  });
}
