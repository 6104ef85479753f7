import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Case } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { CASE_LISTS_QUERY_KEY } from './get-cases';

export const caseQueryKey = (id: number) => ['cases', 'detail', id] as const;

export function getCase(id: number): Promise<Case> {
  return api.post<Case>('/case/getCaseById', { id });
}

export function caseQueryOptions(id: number) {
  return queryOptions({ queryKey: caseQueryKey(id), queryFn: () => getCase(id) });
}

/** The case named by `id`; nothing is asked while there is none (a new case before its first save). */
export function useCase(id: number | null) {
  return useQuery({ ...caseQueryOptions(id ?? 0), enabled: id !== null });
}

/**
 * After any save of a case: the answer is the whole saved case, so it replaces the cached one at once,
 * and the lists (columns, counts, search by animal ID) are refetched. Returned to onSuccess, so the
 * mutation stays pending until a list on screen shows the change (no flicker back to the old value).
 */
export function storeSavedCase(queryClient: QueryClient, saved: Case): Promise<void> {
  queryClient.setQueryData(caseQueryKey(saved.id), saved);
  return queryClient.invalidateQueries({ queryKey: CASE_LISTS_QUERY_KEY });
}
