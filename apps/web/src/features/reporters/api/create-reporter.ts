import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReporterInput, Reporter } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { reporterQueryOptions } from './get-reporter';
import { REPORTERS_QUERY_KEY } from './get-reporters';

export function createReporter(input: CreateReporterInput): Promise<Reporter> {
  return api.post<Reporter>('/reporter/createReporter', input);
}

export function useCreateReporter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReporter,
    onSuccess: (reporter) => {
      queryClient.setQueryData(reporterQueryOptions(reporter.id).queryKey, reporter);
      void queryClient.invalidateQueries({ queryKey: [...REPORTERS_QUERY_KEY, 'list'] });
    },
  });
}
