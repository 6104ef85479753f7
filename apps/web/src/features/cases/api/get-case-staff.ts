import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaseStaffMember, Translate } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

export function getCaseStaff(caseId: number): Promise<CaseStaffMember[]> {
  return api.post<CaseStaffMember[]>('/case/getCaseStaff', { caseId });
}

/** Kept on the device with its case (lib/offline/persist-policy.ts: a part of the case). */
function caseStaffQueryOptions(caseId: number | null) {
  return queryOptions({ queryKey: ['cases', 'staff', caseId], queryFn: () => getCaseStaff(caseId ?? 0), enabled: caseId !== null, staleTime: 5 * 60_000 });
}

/** Staff of the case's NGO for the catching squad (active members, and former ones already on it); none before the case is stored. */
export function useCaseStaff(caseId: number | null) {
  return useQuery(caseStaffQueryOptions(caseId));
}

/**
 * Asks for the case's staff when a case is opened, at whichever step, without showing them: the
 * squad's names are part of reading the case (its capture step, timeline and sheet), and only what
 * was asked for online is on the device offline (docs/product.md#printing-offline). Before, only
 * the reporter step, the timeline or the sheet asked, so a case opened at another step was kept
 * without them. A case created offline (a temporary, negative id) is not known to the server yet.
 */
export function usePrefetchCaseStaff(caseId: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (caseId > 0) void queryClient.prefetchQuery(caseStaffQueryOptions(caseId));
  }, [queryClient, caseId]);
}

/**
 * Whether the staff list's first answer is on its way (online): its names are about to come. Not
 * once an attempt has failed (a bad network, retried for seconds): the names then show when they come.
 */
export function staffComing(staff: { data: unknown; fetchStatus: string; failureCount: number }): boolean {
  return staff.data === undefined && staff.fetchStatus === 'fetching' && staff.failureCount === 0;
}

/**
 * A squad member's name. Offline, on a device that never loaded the case's staff, it is not there:
 * the words say so, instead of the member's number in the database, which means nothing to a person.
 */
export function staffMemberName(t: Translate, names: ReadonlyMap<number, string>, id: number): string {
  return names.get(id) ?? t('cases.abc.staffNotOnDevice');
}
