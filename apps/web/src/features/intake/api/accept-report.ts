import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptReportInput, IntakeReport } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { INTAKE_QUERY_KEY } from './get-reports';

/** Makes the report a Reported case (the server runs it through the case service). */
export function acceptReport(input: Partial<AcceptReportInput> & { reportId: number }): Promise<IntakeReport> {
  return api.post<IntakeReport>('/intake/acceptReport', input);
}

export function useAcceptReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptReport,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: INTAKE_QUERY_KEY }),
  });
}
