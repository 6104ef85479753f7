import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateCaseInput, CreatedCaseSchema } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { CASE_LISTS_QUERY_KEY } from './get-cases';
import type { Keyed } from './idempotency';

/** The server's answer: the new case's id and NGO. */
export type CreatedCase = z.infer<typeof CreatedCaseSchema>;

/**
 * Creates a case. The key goes in the header (every write's exactly-once guard) and in the body
 * (createCase's own, which answers a retried create with the case the first attempt made).
 */
export function createCase({ input, idempotencyKey }: Keyed<CreateCaseInput>): Promise<CreatedCase> {
  return api.post<CreatedCase>('/case/createCase', { ...input, idempotencyKey }, { idempotencyKey });
}

/** The case page's first save creates its case (docs/product.md, "Cases"): nothing is stored before. */
export function useCreateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCase,
    // Not awaited: the case page goes on with its saves; the dashboard refetches when it is shown again.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: CASE_LISTS_QUERY_KEY });
    },
  });
}
