import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Case, PostOperationDetailInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { storeSavedCase } from './get-case';

/** Absent fields stay as they are; a field sent as null is cleared. */
export function updatePostOperationDetail(input: PostOperationDetailInput): Promise<Case> {
  return api.post<Case>('/case/updatePostOperationDetail', input);
}

/** The last step (Post Operation Details). */
export function useUpdatePostOperationDetail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePostOperationDetail,
    onSuccess: (saved) => storeSavedCase(queryClient, saved),
  });
}
