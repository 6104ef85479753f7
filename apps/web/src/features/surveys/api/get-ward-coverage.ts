import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WardCoverage } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { SURVEYS_QUERY_KEY } from './get-wards';

export function getWardCoverage(id: number): Promise<WardCoverage> {
  return api.post<WardCoverage>('/ward/getWardCoverage', { id });
}

export function wardCoverageQueryOptions(id: number) {
  return queryOptions({ queryKey: [...SURVEYS_QUERY_KEY, 'coverage', id], queryFn: () => getWardCoverage(id) });
}

/** A ward with its surveys and each one's estimate (docs/coverage.md#the-estimate). */
export function useWardCoverage(id: number | null) {
  return useQuery({ ...wardCoverageQueryOptions(id ?? 0), enabled: id !== null });
}
