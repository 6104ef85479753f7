import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSponsorInput, Sponsor } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { sponsorQueryOptions } from './get-sponsor';
import { SPONSORS_QUERY_KEY } from './get-sponsors';

export function createSponsor(input: CreateSponsorInput): Promise<Sponsor> {
  return api.post<Sponsor>('/sponsor/createSponsor', input);
}

export function useCreateSponsor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSponsor,
    onSuccess: (sponsor) => {
      queryClient.setQueryData(sponsorQueryOptions(sponsor.id).queryKey, sponsor);
      void queryClient.invalidateQueries({ queryKey: [...SPONSORS_QUERY_KEY, 'list'] });
    },
  });
}
