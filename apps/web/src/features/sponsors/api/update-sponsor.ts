import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Sponsor, UpdateSponsorInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { sponsorQueryOptions } from './get-sponsor';
import { SPONSORS_QUERY_KEY } from './get-sponsors';

/** Carries the record id (docs/product.md#directory-records); absent fields stay, null clears. */
export function updateSponsor(input: UpdateSponsorInput): Promise<Sponsor> {
  return api.post<Sponsor>('/sponsor/updateSponsor', input);
}

export function useUpdateSponsor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSponsor,
    onSuccess: (sponsor) => {
      queryClient.setQueryData(sponsorQueryOptions(sponsor.id).queryKey, sponsor);
      void queryClient.invalidateQueries({ queryKey: [...SPONSORS_QUERY_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: sponsorQueryOptions(sponsor.id).queryKey });
    },
  });
}
