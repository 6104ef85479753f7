import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PickupTimes } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { COMPLAINTS_QUERY_KEY } from './get-complaint-register';

export function getPickupTimes(): Promise<PickupTimes> {
  return api.post<PickupTimes>('/report/getPickupTimes', {});
}

export function pickupTimesQueryOptions() {
  return queryOptions({ queryKey: [...COMPLAINTS_QUERY_KEY, 'pickupTimes'], queryFn: getPickupTimes });
}

/** This month's median and 90th percentile from complaint to pickup, for the dashboard. */
export function usePickupTimes() {
  return useQuery(pickupTimesQueryOptions());
}
