import { useQuery } from '@tanstack/react-query';
import type { DataRequest } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

export const DATA_REQUESTS_QUERY_KEY = ['privacy', 'data-requests'] as const;

export function getDataRequests(ngoId: number | undefined): Promise<DataRequest[]> {
  return api.post<DataRequest[]>('/privacy/getDataRequests', ngoId ? { ngoId } : {});
}

/** The register of access and erasure requests (docs/privacy.md#requests), the person masked. */
export function useDataRequests(ngoId: number | undefined, enabled = true) {
  return useQuery({ queryKey: [...DATA_REQUESTS_QUERY_KEY, ngoId ?? null], queryFn: () => getDataRequests(ngoId), enabled });
}
