import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caseStep, type Case, type CaseStep, type CaseStepInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { storeSavedCase } from './get-case';
import type { Keyed } from './idempotency';

/** One step's save: which step, and its fields (absent fields stay as they are; null clears one). */
export interface StepSave<S extends CaseStep = CaseStep> extends Keyed<CaseStepInput<S>> {
  step: S;
}

/** Saves one step of a case at the step's path. */
export function updateCaseStep<S extends CaseStep>({ step, input, idempotencyKey }: StepSave<S>): Promise<Case> {
  return api.post<Case>(caseStep(step).path, input, { idempotencyKey });
}

/** The save of any step of the case page; the step is named in each save. */
export function useUpdateCaseStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: StepSave) => updateCaseStep(save),
    onSuccess: (saved) => storeSavedCase(queryClient, saved),
  });
}
