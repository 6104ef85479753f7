import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateNgoInput, Ngo } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { NGOS_QUERY_KEY, ngoQueryOptions } from '../../../lib/ngo-choices';

/** Admin only (docs/product.md#roles-and-menu). */
export function createNgo(input: CreateNgoInput): Promise<Ngo> {
  return api.post<Ngo>('/ngo/createNgo', input);
}

export function useCreateNgo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNgo,
    onSuccess: (ngo) => {
      queryClient.setQueryData(ngoQueryOptions(ngo.id).queryKey, ngo);
      // The list's pages and the NGO pickers' choices both sit under NGOS_QUERY_KEY.
      void queryClient.invalidateQueries({ queryKey: NGOS_QUERY_KEY });
    },
  });
}
