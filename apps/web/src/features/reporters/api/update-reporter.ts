import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateReporterInput, Reporter } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { reporterQueryOptions } from './get-reporter';
import { REPORTERS_QUERY_KEY } from './get-reporters';

/** Carries the record id (docs/product.md#directory-records); absent fields stay, null clears. */
export function updateReporter(input: UpdateReporterInput): Promise<Reporter> {
  return api.post<Reporter>('/reporter/updateReporter', input);
}

export function useUpdateReporter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReporter,
    onSuccess: (reporter) => {
      queryClient.setQueryData(reporterQueryOptions(reporter.id).queryKey, reporter);
      void queryClient.invalidateQueries({ queryKey: [...REPORTERS_QUERY_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: reporterQueryOptions(reporter.id).queryKey });
    },
  });
}
