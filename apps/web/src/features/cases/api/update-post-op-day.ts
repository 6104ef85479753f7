import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Case, UpdatePostOpDayInput } from '@rescuedesk/shared';
import { caseOutbox, submitCaseWrite } from '../offline/case-outbox';
import { caseOfDay, shownCase } from '../offline/case-overlay';
import { caseQueryKey, storeCaseAnswer } from './get-case';
import type { Keyed } from './idempotency';

/**
 * Changes a day of the daily post-operative log (its author, or a Manager and above), through the
 * outbox (docs/decisions/012); answers the whole case, or null when the change waits. A day added
 * offline and not sent yet is changed in its waiting add.
 */
export async function updatePostOpDay({ input, idempotencyKey, caseId }: Keyed<UpdatePostOpDayInput> & { caseId: number }): Promise<Case | null> {
  if (input.id < 0) {
    const { id: _id, ...fields } = input;
    const outbox = caseOutbox();
    const queued = outbox.getSnapshot().entries.find((entry) => entry.dayId === input.id);
    if (queued && (await outbox.amend((entry) => entry.key === queued.key, { ...queued.body, ...fields }))) return null;
  }
  const result = await submitCaseWrite({ key: idempotencyKey, kind: 'postOpDay', path: '/case/updatePostOpDay', body: input as Record<string, unknown>, caseId });
  return result.sent ? (result.data as Case) : null;
}

export function useUpdatePostOpDay() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (keyed: Keyed<UpdatePostOpDayInput>): Promise<Case> => {
      const caseId = caseOfDay(queryClient, keyed.input.id) ?? 0;
      const saved = await updatePostOpDay({ ...keyed, caseId });
      await storeCaseAnswer(queryClient, saved);
      return saved ?? (shownCase(queryClient, caseId, caseQueryKey(caseId)) as Case);
    },
  });
}
