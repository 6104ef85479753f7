import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Case, UpdateCaseInput } from '@rescuedesk/shared';
import { submitCaseWrite } from '../offline/case-outbox';
import { shownCase } from '../offline/case-overlay';
import { baseOf } from '../offline/conflicts';
import { caseQueryKey, storeCaseAnswer } from './get-case';
import type { Keyed } from './idempotency';

/** Through the outbox (docs/decisions/012): the saved case, or null when it waits for the network. */
export async function updateCase({ input, idempotencyKey, base }: Keyed<UpdateCaseInput> & { base?: Record<string, unknown> }): Promise<Case | null> {
  const { caseId, ...fields } = input as { caseId: number } & Record<string, unknown>;
  const result = await submitCaseWrite({ key: idempotencyKey, kind: 'updateCase', path: '/case/updateCase', body: input as Record<string, unknown>, caseId, ...(base ? { base: baseOf(base, fields) } : {}) });
  return result.sent ? (result.data as Case) : null;
}

/**
 * Type, status, mortality and cause of failure: from the case page's top card, its status offer and
 * the dashboard's status select. Answers the case as shown after the save.
 */
export function useUpdateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (keyed: Keyed<UpdateCaseInput>): Promise<Case> => {
      const caseId = (keyed.input as { caseId: number }).caseId;
      const before = shownCase(queryClient, caseId, caseQueryKey(caseId));
      const saved = await updateCase({ ...keyed, base: before as Record<string, unknown> | undefined });
      await storeCaseAnswer(queryClient, saved);
      return saved ?? shownCase(queryClient, caseId, caseQueryKey(caseId)) ?? (before as Case);
    },
  });
}
