import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddPostOpDayInput, Case } from '@rescuedesk/shared';
import { submitCaseWrite } from '../offline/case-outbox';
import { shownCase } from '../offline/case-overlay';
import { newTempCaseId } from '../offline/temporary-ids';
import { caseQueryKey, storeCaseAnswer } from './get-case';
import type { Keyed } from './idempotency';

/**
 * Adds a day to the case's daily post-operative log, through the outbox (docs/decisions/012);
 * answers the whole case, or null when the day waits for the network (shown meanwhile under a
 * temporary id).
 */
export async function addPostOpDay({ input, idempotencyKey }: Keyed<AddPostOpDayInput>): Promise<Case | null> {
  const result = await submitCaseWrite({ key: idempotencyKey, kind: 'postOpDay', path: '/case/addPostOpDay', body: input as Record<string, unknown>, caseId: input.caseId, dayId: newTempCaseId() });
  return result.sent ? (result.data as Case) : null;
}

export function useAddPostOpDay() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (keyed: Keyed<AddPostOpDayInput>): Promise<Case> => {
      const saved = await addPostOpDay(keyed);
      await storeCaseAnswer(queryClient, saved);
      return saved ?? (shownCase(queryClient, keyed.input.caseId, caseQueryKey(keyed.input.caseId)) as Case);
    },
  });
}
