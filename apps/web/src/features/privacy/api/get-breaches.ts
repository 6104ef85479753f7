import { useQuery } from '@tanstack/react-query';
import type { Breach } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

export const BREACHES_QUERY_KEY = ['privacy', 'breaches'] as const;

export function getBreaches(ngoId: number | undefined): Promise<Breach[]> {
  return api.post<Breach[]>('/privacy/getBreaches', ngoId ? { ngoId } : {});
}

/** The breach register (docs/privacy.md#breaches), newest discovery first. */
export function useBreaches(ngoId: number | undefined, enabled = true) {
  return useQuery({ queryKey: [...BREACHES_QUERY_KEY, ngoId ?? null], queryFn: () => getBreaches(ngoId), enabled });
}
