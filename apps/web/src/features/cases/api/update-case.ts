import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Case, UpdateCaseInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { storeSavedCase } from './get-case';

export function updateCase(input: UpdateCaseInput): Promise<Case> {
  return api.post<Case>('/case/updateCase', input);
}

/** Type, status, mortality and cause of failure: from the case page's top card and the dashboard's status select. */
export function useUpdateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCase,
    onSuccess: (saved) => storeSavedCase(queryClient, saved),
  });
}
