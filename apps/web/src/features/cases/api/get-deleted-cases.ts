import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DeletedCase, DeletedCasesInput } from '@rescuedesk/shared';
import { api, type Paged } from '../../../lib/api-client';
import { CASES_QUERY_KEY } from './get-cases';

/** Rows per page of the 'Deleted cases' view. */
export const DELETED_CASES_PAGE_SIZE = 20;

/** Under the cases key: a delete or a restore anywhere refreshes this list too. */
export const DELETED_CASES_QUERY_KEY = [...CASES_QUERY_KEY, 'deleted'] as const;

export function getDeletedCases(params: DeletedCasesInput): Promise<Paged<DeletedCase>> {
  return api.postPage<DeletedCase>('/case/getDeletedCases', params);
}

export function deletedCasesQueryOptions(params: DeletedCasesInput) {
  return queryOptions({
    queryKey: [...DELETED_CASES_QUERY_KEY, params],
    queryFn: () => getDeletedCases(params),
    // Keep the rows on screen while the next page loads.
    placeholderData: keepPreviousData,
  });
}

export function useDeletedCases(params: DeletedCasesInput) {
  return useQuery(deletedCasesQueryOptions(params));
}
