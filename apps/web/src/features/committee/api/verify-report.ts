import { useQuery } from '@tanstack/react-query';
import type { ReportVerification } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

export function verifyReport(id: string): Promise<ReportVerification> {
  return api.post<ReportVerification>('/public/verifyReport', { id });
}

/** The public verification of a signed version: asked without a session. */
export function useReportVerification(id: string) {
  return useQuery({ queryKey: ['public', 'verifyReport', id], queryFn: () => verifyReport(id), retry: false });
}
