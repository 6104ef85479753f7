import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Case } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { storeSavedCase } from './get-case';
import type { Keyed } from './idempotency';

/** Deletes a day of the daily post-operative log (its author, or a Manager and above); answers the whole case. */
export function deletePostOpDay({ input, idempotencyKey }: Keyed<{ id: number }>): Promise<Case> {
  return api.post<Case>('/case/deletePostOpDay', input, { idempotencyKey });
}

export function useDeletePostOpDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePostOpDay,
    onSuccess: (saved) => storeSavedCase(queryClient, saved),
  });
}
