import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vet } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { VETS_QUERY_KEY } from './get-vets';

export function getVet(id: number): Promise<Vet> {
  return api.post<Vet>('/vet/getVetById', { id });
}

export function vetQueryOptions(id: number) {
  return queryOptions({ queryKey: [...VETS_QUERY_KEY, 'detail', id], queryFn: () => getVet(id) });
}

export function useVet(id: number) {
  return useQuery(vetQueryOptions(id));
}
