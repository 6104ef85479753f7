import { useQuery } from '@tanstack/react-query';
import type { Case } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

/**
 * A case for the printed case sheet (its squad's names come from the case page's useCaseStaff).
 * It is kept under the same key as the case page's (['cases', 'detail', id]), so a sheet opened
 * from the page prints what the page showed.
 */
export function useCaseForSheet(id: number | null) {
  return useQuery({ queryKey: ['cases', 'detail', id ?? 0], queryFn: () => api.post<Case>('/case/getCaseById', { id }), enabled: id !== null });
}
