import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getWardSuggestions(search: string, ngoId: number | null): Promise<string[]> {
  return api.post<string[]>('/case/getWardSuggestions', { search, ...(ngoId === null ? {} : { ngoId }) });
}

/** Ward/zone names of the NGO's earlier cases matching the typed text, most used first: the capture's suggestions. */
export function useWardSuggestions(search: string, ngoId: number | null, enabled = true) {
  const text = search.trim();
  return useQuery(
    queryOptions({
      queryKey: ['cases', 'wards', ngoId, text],
      queryFn: () => getWardSuggestions(text, ngoId),
      enabled,
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  );
}
