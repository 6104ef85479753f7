import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseStaffMember } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

export function getCaseStaff(caseId: number): Promise<CaseStaffMember[]> {
  return api.post<CaseStaffMember[]>('/case/getCaseStaff', { caseId });
}

/** Staff of the case's NGO for the catching squad (active members, and former ones already on it); none before the case is stored. */
export function useCaseStaff(caseId: number | null) {
  return useQuery(
    queryOptions({ queryKey: ['cases', 'staff', caseId], queryFn: () => getCaseStaff(caseId ?? 0), enabled: caseId !== null, staleTime: 5 * 60_000 }),
  );
}
