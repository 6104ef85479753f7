import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CaseIdInputSchema } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { CASE_LISTS_QUERY_KEY } from './get-cases';
import { caseQueryKey } from './get-case';
import { DELETED_CASES_QUERY_KEY } from './get-deleted-cases';

/** The server's schema, as parsed: the id is a number here, which the case's query key needs. */
type DeleteCaseInput = z.infer<typeof CaseIdInputSchema>;

export function deleteCase({ caseId }: DeleteCaseInput): Promise<null> {
  return api.post<null>('/case/deleteCase', { caseId });
}

export function useDeleteCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCase,
    onSuccess: (_data, { caseId }) => {
      queryClient.removeQueries({ queryKey: caseQueryKey(caseId) });
      void queryClient.invalidateQueries({ queryKey: DELETED_CASES_QUERY_KEY });
      return queryClient.invalidateQueries({ queryKey: CASE_LISTS_QUERY_KEY });
    },
  });
}
