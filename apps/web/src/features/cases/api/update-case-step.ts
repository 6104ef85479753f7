import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caseStep, type Case, type CaseStep, type CaseStepInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { storeSavedCase } from './get-case';

/** Saves one step of a case at the step's path. Absent fields stay as they are; a field sent as null is cleared. */
export function updateCaseStep<S extends CaseStep>(step: S, input: CaseStepInput<S>): Promise<Case> {
  return api.post<Case>(caseStep(step).path, input);
}

/** The save of one step of the case page, e.g. useUpdateCaseStep('animalDetail'). */
export function useUpdateCaseStep<S extends CaseStep>(step: S) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CaseStepInput<S>) => updateCaseStep(step, input),
    onSuccess: (saved) => storeSavedCase(queryClient, saved),
  });
}
