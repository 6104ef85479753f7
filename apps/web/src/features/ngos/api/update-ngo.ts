import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ngo, UpdateNgoInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { NGOS_QUERY_KEY, ngoQueryOptions } from '../../../lib/ngo-choices';

/** Admin, or a Founder editing their own NGO. Absent fields stay, null clears. */
export function updateNgo(input: UpdateNgoInput): Promise<Ngo> {
  return api.post<Ngo>('/ngo/updateNgo', input);
}

export function useUpdateNgo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNgo,
    onSuccess: (ngo) => {
      queryClient.setQueryData(ngoQueryOptions(ngo.id).queryKey, ngo);
      // The list's pages, this NGO, and the NGO pickers' choices all sit under NGOS_QUERY_KEY.
      void queryClient.invalidateQueries({ queryKey: NGOS_QUERY_KEY });
    },
  });
}
