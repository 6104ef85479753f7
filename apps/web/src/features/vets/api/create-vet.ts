import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateVetInput, Vet } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { vetQueryOptions } from './get-vet';
import { VETS_QUERY_KEY } from './get-vets';

export function createVet(input: CreateVetInput): Promise<Vet> {
  return api.post<Vet>('/vet/createVet', input);
}

export function useCreateVet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVet,
    onSuccess: (vet) => {
      queryClient.setQueryData(vetQueryOptions(vet.id).queryKey, vet);
      void queryClient.invalidateQueries({ queryKey: [...VETS_QUERY_KEY, 'list'] });
    },
  });
}
