import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caseStep, type Case, type CaseStep, type CaseStepInput } from '@rescuedesk/shared';
import { submitCaseWrite } from '../offline/case-outbox';
import { shownCase } from '../offline/case-overlay';
import { baseOf } from '../offline/conflicts';
import { caseQueryKey, storeCaseAnswer } from './get-case';
import type { Keyed } from './idempotency';

/** One step's save: which step, and its fields (absent fields stay as they are; null clears one). */
export interface StepSave<S extends CaseStep = CaseStep> extends Keyed<CaseStepInput<S>> {
  step: S;
  /** The fields' values the edit was based on (docs/decisions/012, conflicts). */
  base?: Record<string, unknown>;
}

/**
 * Saves one step of a case at the step's path, through the outbox (docs/decisions/012). Answers
 * the saved case, or null when the save waits for the network.
 */
export async function updateCaseStep<S extends CaseStep>({ step, input, idempotencyKey, base }: StepSave<S>): Promise<Case | null> {
  const { caseId, ...fields } = input as { caseId: number } & Record<string, unknown>;
  const result = await submitCaseWrite({ key: idempotencyKey, kind: 'caseStep', path: caseStep(step).path, body: input as Record<string, unknown>, caseId, step, ...(base ? { base: baseOf(base, fields) } : {}) });
  return result.sent ? (result.data as Case) : null;
}

/** The save of any step of the case page; the step is named in each save. Answers the case as shown after it. */
export function useUpdateCaseStep() {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline too: the outbox keeps the save (TanStack would otherwise hold it until the network returns).
    networkMode: 'always',
    mutationFn: async (save: StepSave): Promise<Case> => {
      const caseId = (save.input as { caseId: number }).caseId;
      const before = shownCase(queryClient, caseId, caseQueryKey(caseId));
      const saved = await updateCaseStep({ ...save, base: before ? (before[save.step] as Record<string, unknown>) : undefined });
      await storeCaseAnswer(queryClient, saved);
      return saved ?? shownCase(queryClient, caseId, caseQueryKey(caseId)) ?? (before as Case);
    },
  });
}
