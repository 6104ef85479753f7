import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseDuplicatesInput, DuplicateSuggestion } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

export function getCaseDuplicates(input: CaseDuplicatesInput): Promise<DuplicateSuggestion[]> {
  return api.post<DuplicateSuggestion[]>('/case/getDuplicateSuggestions', input);
}

export function caseDuplicatesQueryOptions(input: CaseDuplicatesInput) {
  return queryOptions({ queryKey: ['case-duplicates', input], queryFn: () => getCaseDuplicates(input), staleTime: 60_000, placeholderData: keepPreviousData, retry: false });
}

/** Open cases and untriaged reports that may be the same animal as the case being added (docs/citizen-reports.md#duplicate-suggestions). */
export function useCaseDuplicates(input: CaseDuplicatesInput | null) {
  return useQuery({ ...caseDuplicatesQueryOptions(input ?? { latitude: 0, longitude: 0 }), enabled: input !== null });
}
