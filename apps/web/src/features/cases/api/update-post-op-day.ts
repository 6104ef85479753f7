import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Case, UpdatePostOpDayInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { storeSavedCase } from './get-case';
import type { Keyed } from './idempotency';

/** Changes a day of the daily post-operative log (its author, or a Manager and above); answers the whole case. */
export function updatePostOpDay({ input, idempotencyKey }: Keyed<UpdatePostOpDayInput>): Promise<Case> {
  return api.post<Case>('/case/updatePostOpDay', input, { idempotencyKey });
}

export function useUpdatePostOpDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePostOpDay,
    onSuccess: (saved) => storeSavedCase(queryClient, saved),
  });
}
