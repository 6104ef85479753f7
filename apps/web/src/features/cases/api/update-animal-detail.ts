import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Case, AnimalDetailInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { storeSavedCase } from './get-case';

/** Absent fields stay as they are; a field sent as null is cleared. */
export function updateAnimalDetail(input: AnimalDetailInput): Promise<Case> {
  return api.post<Case>('/case/updateAnimalDetail', input);
}

/** The animal step (Animal Details). */
export function useUpdateAnimalDetail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAnimalDetail,
    onSuccess: (saved) => storeSavedCase(queryClient, saved),
  });
}
