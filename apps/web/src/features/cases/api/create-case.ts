import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateCaseInput, CreatedCaseSchema } from '@rescuedesk/shared';
import { submitCaseWrite } from '../offline/case-outbox';
import { newTempCaseId } from '../offline/temporary-ids';
import { CASE_LISTS_QUERY_KEY } from './get-cases';
import type { Keyed } from './idempotency';

/** The server's answer: the new case's id and NGO. */
export type CreatedCase = z.infer<typeof CreatedCaseSchema>;

/**
 * Creates a case, through the outbox (docs/decisions/012). The key goes in the header (every
 * write's exactly-once guard) and in the body (createCase's own, which answers a retried create
 * with the case the first attempt made). Offline, the answer is the case's temporary (negative)
 * id, replaced everywhere once the server has answered.
 */
export async function createCase({ input, idempotencyKey }: Keyed<CreateCaseInput>): Promise<CreatedCase> {
  const tempId = newTempCaseId();
  const result = await submitCaseWrite({ key: idempotencyKey, kind: 'createCase', path: '/case/createCase', body: { ...input, idempotencyKey }, caseId: tempId, tempId });
  return result.sent ? (result.data as CreatedCase) : { id: tempId, ngoId: input.ngoId ?? 0 };
}

/** The case page's first save creates its case (docs/product.md, "Cases"): nothing is stored before. */
export function useCreateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: createCase,
    // Not awaited: the case page goes on with its saves; the dashboard refetches when it is shown again.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: CASE_LISTS_QUERY_KEY });
    },
  });
}
