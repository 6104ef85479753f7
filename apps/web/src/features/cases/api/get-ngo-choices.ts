import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type Ngo } from '@rescuedesk/shared';
import { api, type Paged } from '../../../lib/api-client';

export function getNgoChoices(): Promise<Paged<Ngo>> {
  return api.postPage<Ngo>('/ngo/getNgos', { page: 1, pageSize: MAX_PAGE_SIZE });
}

/** Admin only: the NGOs a new case may belong to. Under ['ngos'] so saving an NGO refreshes it. */
export function useNgoChoices(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: ['ngos', 'case-choices'], queryFn: getNgoChoices, enabled }));
}
