import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Case } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { caseQueryKey } from './get-case';
import { CASE_LISTS_QUERY_KEY } from './get-cases';
import { DELETED_CASES_QUERY_KEY } from './get-deleted-cases';

/** Admin and Founder only (docs/product.md#deleting-a-case): the case returns with everything it held. */
export function restoreCase(caseId: number): Promise<Case> {
  return api.post<Case>('/case/restoreCase', { caseId });
}

/**
 * After a restore: the answer is the whole case, kept for its page, and both lists are refetched.
 * Answers when the dashboard's lists show the case again.
 */
export function storeRestoredCase(queryClient: QueryClient, restored: Case): Promise<void> {
  queryClient.setQueryData(caseQueryKey(restored.id), restored);
  void queryClient.invalidateQueries({ queryKey: DELETED_CASES_QUERY_KEY });
  return queryClient.invalidateQueries({ queryKey: CASE_LISTS_QUERY_KEY });
}

export function useRestoreCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreCase,
    // Returned, so the mutation stays pending until the lists show the change.
    onSuccess: (restored) => storeRestoredCase(queryClient, restored),
  });
}
