import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateVetInput, Vet } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { vetQueryOptions } from './get-vet';
import { VETS_QUERY_KEY } from './get-vets';

/** Carries the record id (docs/product.md#directory-records); absent fields stay, null clears. */
export function updateVet(input: UpdateVetInput): Promise<Vet> {
  return api.post<Vet>('/vet/updateVet', input);
}

export function useUpdateVet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVet,
    onSuccess: (vet) => {
      queryClient.setQueryData(vetQueryOptions(vet.id).queryKey, vet);
      void queryClient.invalidateQueries({ queryKey: [...VETS_QUERY_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: vetQueryOptions(vet.id).queryKey });
    },
  });
}
