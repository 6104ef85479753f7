import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getVetNames(caseId: number): Promise<string[]> {
  return api.post<string[]>('/case/getVetNames', { caseId });
}

/** The vets of the case's NGO, offered for the operation step's vet name; none before the case is stored. */
export function useVetNames(caseId: number | null) {
  return useQuery(
    queryOptions({ queryKey: ['cases', 'vet-names', caseId], queryFn: () => getVetNames(caseId ?? 0), enabled: caseId !== null }),
  );
}
