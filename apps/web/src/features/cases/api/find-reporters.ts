import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Reporter } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

/** Typing fewer characters than this looks nothing up: one letter matches half the directory. */
export const MIN_REPORTER_SEARCH = 2;
/** How many matches the reporter step offers. */
export const MATCHES = 6;

/** The reporter directory's key: a reporter saved from a case shows in the directory's lists too. */
export const REPORTER_DIRECTORY_KEY = ['reporters'] as const;

export function findReporters(search: string, ngoId: number | null): Promise<Reporter[]> {
  return api
    .postPage<Reporter>('/reporter/getReporters', { search, pageSize: MATCHES, ...(ngoId === null ? {} : { ngoId }) })
    .then((page) => page.data);
}

/**
 * The directory's reporters whose name, phone number or email contains `search` (the server's
 * search), in the case's NGO: the reporter step's typeahead.
 */
export function useReporterMatches(search: string, ngoId: number | null) {
  const text = search.trim();
  return useQuery(
    queryOptions({
      queryKey: [...REPORTER_DIRECTORY_KEY, 'case-matches', ngoId, text],
      queryFn: () => findReporters(text, ngoId),
      enabled: text.length >= MIN_REPORTER_SEARCH,
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  );
}
