import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntakeReport, MergeReportInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { INTAKE_QUERY_KEY } from './get-reports';

/** Links a report to an open case of the same animal instead of making another (docs/citizen-reports.md#merging-a-duplicate). */
export function mergeReport(input: MergeReportInput): Promise<IntakeReport> {
  return api.post<IntakeReport>('/intake/mergeReport', input);
}

export function useMergeReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeReport,
    // After a refusal too: a merge sent twice is refused, and the list then shows where the report went.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: INTAKE_QUERY_KEY }),
  });
}
