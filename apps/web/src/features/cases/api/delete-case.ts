import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CASE_LISTS_QUERY_KEY } from './get-cases';
import { caseQueryKey } from './get-case';

export function deleteCase({ caseId }: { caseId: number }): Promise<null> {
  return api.post<null>('/case/deleteCase', { caseId });
}

export function useDeleteCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCase,
    onSuccess: (_data, { caseId }) => {
      queryClient.removeQueries({ queryKey: caseQueryKey(caseId) });
      return queryClient.invalidateQueries({ queryKey: CASE_LISTS_QUERY_KEY });
    },
  });
}
