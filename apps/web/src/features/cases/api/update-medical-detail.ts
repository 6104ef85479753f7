import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Case, MedicalDetailInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { storeSavedCase } from './get-case';

/** Absent fields stay as they are; a field sent as null is cleared. */
export function updateMedicalDetail(input: MedicalDetailInput): Promise<Case> {
  return api.post<Case>('/case/updateMedicalDetail', input);
}

/** The medical step (Medical Details). */
export function useUpdateMedicalDetail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMedicalDetail,
    onSuccess: (saved) => storeSavedCase(queryClient, saved),
  });
}
