import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Case } from '@rescuedesk/shared';
import { caseOutbox, submitCaseWrite } from '../offline/case-outbox';
import { caseOfDay, shownCase } from '../offline/case-overlay';
import { caseQueryKey, storeCaseAnswer } from './get-case';
import type { Keyed } from './idempotency';

/**
 * Deletes a day of the daily post-operative log (its author, or a Manager and above), through the
 * outbox (docs/decisions/012); answers the whole case, or null when the delete waits. A day added
 * offline and not sent yet is dropped from the outbox instead.
 */
export async function deletePostOpDay({ input, idempotencyKey, caseId }: Keyed<{ id: number }> & { caseId: number }): Promise<Case | null> {
  if (input.id < 0 && (await caseOutbox().amend((entry) => entry.dayId === input.id, null))) return null;
  const result = await submitCaseWrite({ key: idempotencyKey, kind: 'postOpDay', path: '/case/deletePostOpDay', body: input, caseId });
  return result.sent ? (result.data as Case) : null;
}

export function useDeletePostOpDay() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (keyed: Keyed<{ id: number }>): Promise<Case> => {
      const caseId = caseOfDay(queryClient, keyed.input.id) ?? 0;
      const saved = await deletePostOpDay({ ...keyed, caseId });
      await storeCaseAnswer(queryClient, saved);
      return saved ?? (shownCase(queryClient, caseId, caseQueryKey(caseId)) as Case);
    },
  });
}
