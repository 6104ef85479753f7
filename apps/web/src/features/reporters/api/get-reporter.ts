import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Reporter } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { REPORTERS_QUERY_KEY } from './get-reporters';

export function getReporter(id: number): Promise<Reporter> {
  return api.post<Reporter>('/reporter/getReporterById', { id });
}

export function reporterQueryOptions(id: number) {
  return queryOptions({ queryKey: [...REPORTERS_QUERY_KEY, 'detail', id], queryFn: () => getReporter(id) });
}

export function useReporter(id: number) {
  return useQuery(reporterQueryOptions(id));
}
