import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportSigning, SignReportInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { REPORTS_QUERY_KEY } from '../../reports/api/get-abc-report';

export function signReport(input: SignReportInput): Promise<ReportSigning> {
  return api.post<ReportSigning>('/committee/signReport', input);
}

/** A signature can lock the month, which changes the report itself: every report query is refreshed. */
export function useSignReport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signReport, onSuccess: () => void queryClient.invalidateQueries({ queryKey: REPORTS_QUERY_KEY }) });
}
