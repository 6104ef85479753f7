import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseList, CaseListInput, CaseListItem } from '@rescuedesk/shared';
import { api, type Paged } from '../../../lib/api-client';

/** Rows per dashboard page. */
export const CASE_PAGE_SIZE = 50;

export type CasePage = Paged<CaseListItem, CaseList['meta']>;

/** Every case query sits under this key, so a change to any case refreshes lists and details alike. */
export const CASES_QUERY_KEY = ['cases'] as const;
export const CASE_LISTS_QUERY_KEY = ['cases', 'list'] as const;

export function getCases(params: CaseListInput): Promise<CasePage> {
  return api.postPage<CaseListItem, CaseList['meta']>('/case/getCaseByType', params);
}

export function casesQueryOptions(params: CaseListInput) {
  return queryOptions({
    queryKey: [...CASE_LISTS_QUERY_KEY, params],
    queryFn: () => getCases(params),
    // Keep the last page on screen while the next tab, search or page loads.
    placeholderData: keepPreviousData,
  });
}

export function useCases(params: CaseListInput) {
  return useQuery(casesQueryOptions(params));
}
