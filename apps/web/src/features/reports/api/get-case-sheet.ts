import { useQuery } from '@tanstack/react-query';
import type { Case, CaseStaffMember } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

/**
 * A case and its staff for the printed case sheet. The case is kept under the same key as the case
 * page's (['cases', 'detail', id]), so a sheet opened from the page prints what the page showed.
 */
export function useCaseForSheet(id: number | null) {
  return useQuery({ queryKey: ['cases', 'detail', id ?? 0], queryFn: () => api.post<Case>('/case/getCaseById', { id }), enabled: id !== null });
}

/** The NGO's staff, for the names of the catching squad. */
export function useCaseStaff(id: number | null) {
  return useQuery({ queryKey: ['cases', 'staff', id ?? 0], queryFn: () => api.post<CaseStaffMember[]>('/case/getCaseStaff', { caseId: id }), enabled: id !== null });
}
