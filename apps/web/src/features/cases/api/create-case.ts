import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateCaseInput, CreatedCaseSchema } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { CASE_LISTS_QUERY_KEY } from './get-cases';

/** The server's answer: the new case's id and NGO. */
export type CreatedCase = z.infer<typeof CreatedCaseSchema>;

export function createCase(input: CreateCaseInput): Promise<CreatedCase> {
  return api.post<CreatedCase>('/case/createCase', input);
}

export function useCreateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCase,
    // Not awaited: the new case opens at once; the dashboard refetches when it is shown again.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: CASE_LISTS_QUERY_KEY });
    },
  });
}
