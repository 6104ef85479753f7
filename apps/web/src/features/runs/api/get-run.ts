import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Run } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { RUNS_QUERY_KEY } from './get-runs';

/** A run's key: kept on the device for reading offline (lib/offline/persist-policy.ts). */
export function runQueryKey(id: number) {
  return [...RUNS_QUERY_KEY, 'detail', id] as const;
}

export function getRun(id: number): Promise<Run> {
  return api.post<Run>('/run/getRunById', { runId: id });
}

export function runQueryOptions(id: number) {
  return queryOptions({ queryKey: runQueryKey(id), queryFn: () => getRun(id) });
}

export function useRun(id: number) {
  return useQuery(runQueryOptions(id));
}
