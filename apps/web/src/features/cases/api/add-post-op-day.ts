import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddPostOpDayInput, Case } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { storeSavedCase } from './get-case';
import type { Keyed } from './idempotency';

/** Adds a day to the case's daily post-operative log; answers the whole case. */
export function addPostOpDay({ input, idempotencyKey }: Keyed<AddPostOpDayInput>): Promise<Case> {
  return api.post<Case>('/case/addPostOpDay', input, { idempotencyKey });
}

export function useAddPostOpDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPostOpDay,
    onSuccess: (saved) => storeSavedCase(queryClient, saved),
  });
}
