import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Case, OperationDetailInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { storeSavedCase } from './get-case';

/** Absent fields stay as they are; a field sent as null is cleared. */
export function updateOperationDetail(input: OperationDetailInput): Promise<Case> {
  return api.post<Case>('/case/updateOperationDetail', input);
}

/** The operation step (Operation Details). */
export function useUpdateOperationDetail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOperationDetail,
    onSuccess: (saved) => storeSavedCase(queryClient, saved),
  });
}
