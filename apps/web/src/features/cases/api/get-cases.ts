import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseList, CaseListItem, CaseStatus, CaseType } from '@rescuedesk/shared';
import { api, type Paged } from '../../../lib/api-client';

/** Rows per dashboard page. */
export const CASE_PAGE_SIZE = 50;

export interface CaseListParams {
  type: 'All' | CaseType;
  search?: string;
  status?: CaseStatus;
  page: number;
  pageSize: number;
}

export type CasePage = Paged<CaseListItem, CaseList['meta']>;

/** Every case query sits under this key, so a change to any case refreshes lists and details alike. */
export const CASES_QUERY_KEY = ['cases'] as const;
export const CASE_LISTS_QUERY_KEY = ['cases', 'list'] as const;

export function getCases(params: CaseListParams): Promise<CasePage> {
  return api.postPage<CaseListItem, CaseList['meta']>('/case/getCaseByType', params);
}

export function casesQueryOptions(params: CaseListParams) {
  return queryOptions({
    queryKey: [...CASE_LISTS_QUERY_KEY, params],
    queryFn: () => getCases(params),
    // Keep the last page on screen while the next tab, search or page loads.
    placeholderData: keepPreviousData,
  });
}

export function useCases(params: CaseListParams) {
  return useQuery(casesQueryOptions(params));
}
