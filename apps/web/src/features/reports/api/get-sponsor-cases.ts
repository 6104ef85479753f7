import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SponsorCase, SponsorCases } from '@rescuedesk/shared';
import { api, type Paged } from '../../../lib/api-client';
import { REPORTS_QUERY_KEY } from './get-abc-report';

export type SponsorCasesPage = Paged<SponsorCase, SponsorCases['meta']>;

/** The first 500 cases a sponsorship pays for, with the sponsor, its NGO and the summary. */
export function getSponsorCases(sponsorId: number): Promise<SponsorCasesPage> {
  return api.postPage<SponsorCase, SponsorCases['meta']>('/report/getSponsorCases', { sponsorId, page: 1, pageSize: 500 });
}

export function sponsorCasesQueryOptions(sponsorId: number) {
  return queryOptions({ queryKey: [...REPORTS_QUERY_KEY, 'sponsor', sponsorId], queryFn: () => getSponsorCases(sponsorId) });
}

/** Nothing is asked while the address names no sponsor. */
export function useSponsorCases(sponsorId: number | null) {
  return useQuery({ ...sponsorCasesQueryOptions(sponsorId ?? 0), enabled: sponsorId !== null });
}
