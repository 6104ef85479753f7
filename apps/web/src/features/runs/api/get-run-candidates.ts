import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RunCandidate, RunCandidatesInput } from '@rescuedesk/shared';
import { api, type Paged } from '../../../lib/api-client';
import { RUNS_QUERY_KEY } from './get-runs';

export function getRunCandidates(params: Partial<RunCandidatesInput>): Promise<Paged<RunCandidate>> {
  return api.postPage<RunCandidate>('/run/getRunCandidates', params);
}

export function runCandidatesQueryOptions(params: Partial<RunCandidatesInput>, enabled = true) {
  return queryOptions({ queryKey: [...RUNS_QUERY_KEY, 'candidates', params], queryFn: () => getRunCandidates(params), placeholderData: keepPreviousData, enabled });
}

export function useRunCandidates(params: Partial<RunCandidatesInput>, enabled = true) {
  return useQuery(runCandidatesQueryOptions(params, enabled));
}
