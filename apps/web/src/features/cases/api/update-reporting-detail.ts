import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Case, ReportingDetailInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { storeSavedCase } from './get-case';

/** Absent fields stay as they are; a field sent as null is cleared. */
export function updateReportingDetail(input: ReportingDetailInput): Promise<Case> {
  return api.post<Case>('/case/updateReportingDetail', input);
}

/** The reporter step (Reporter Details). */
export function useUpdateReportingDetail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReportingDetail,
    onSuccess: (saved) => storeSavedCase(queryClient, saved),
  });
}
