import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Case, UpdateCaseInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { storeSavedCase } from './get-case';
import type { Keyed } from './idempotency';

export function updateCase({ input, idempotencyKey }: Keyed<UpdateCaseInput>): Promise<Case> {
  return api.post<Case>('/case/updateCase', input, { idempotencyKey });
}

/**
 * Type, status, mortality and cause of failure: from the case page's top card, its status offer and
 * the dashboard's status select.
 */
export function useUpdateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCase,
    onSuccess: (saved) => storeSavedCase(queryClient, saved),
  });
}
