import { useCallback } from 'react';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Case } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { readQueuedCase, withPending } from '../offline/case-overlay';
import { useCaseOutbox } from '../offline/use-case-outbox';
import { CASE_LISTS_QUERY_KEY } from './get-cases';

export const caseQueryKey = (id: number) => ['cases', 'detail', id] as const;

export function getCase(id: number): Promise<Case> {
  return api.post<Case>('/case/getCaseById', { id });
}

export function caseQueryOptions(id: number) {
  // A negative id is a case created offline (docs/decisions/012): it exists only in the outbox.
  if (id < 0) return queryOptions({ queryKey: caseQueryKey(id), queryFn: () => readQueuedCase(id), networkMode: 'always', retry: false });
  return queryOptions({ queryKey: caseQueryKey(id), queryFn: () => getCase(id) });
}

/**
 * The case named by `id`; nothing is asked while there is none (a new case before its first save).
 * Changes still waiting in the outbox are shown laid over the server's answer.
 */
export function useCase(id: number | null) {
  const { entries } = useCaseOutbox();
  const select = useCallback((data: Case) => withPending(data, entries), [entries]);
  return useQuery({ ...caseQueryOptions(id ?? 0), enabled: id !== null, select });
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

/**
 * After a save: sent (the server's case) as above; queued (null), the lists are asked again when
 * they can be (not waited for: offline they would wait for the network).
 */
export function storeCaseAnswer(queryClient: QueryClient, saved: Case | null): Promise<void> {
  if (saved) return storeSavedCase(queryClient, saved);
  void queryClient.invalidateQueries({ queryKey: CASE_LISTS_QUERY_KEY });
  return Promise.resolve();
}
