import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeclineReportInput, IntakeReport } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { INTAKE_QUERY_KEY } from './get-reports';

/** Declines with a reason the reporter reads on the tracking page. */
export function declineReport(input: DeclineReportInput): Promise<IntakeReport> {
  return api.post<IntakeReport>('/intake/declineReport', input);
}

export function useDeclineReport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: declineReport, onSuccess: () => void queryClient.invalidateQueries({ queryKey: INTAKE_QUERY_KEY }) });
}
