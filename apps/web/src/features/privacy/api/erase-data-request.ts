import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataRequest, EraseDataInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { DATA_REQUESTS_QUERY_KEY } from './get-data-requests';

export function eraseDataRequest(input: EraseDataInput): Promise<DataRequest> {
  return api.post<DataRequest>('/privacy/eraseDataRequest', input);
}

/** An erasure request done; the register shows what was emptied and what was kept, and why. */
export function useEraseDataRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: eraseDataRequest, onSuccess: () => void queryClient.invalidateQueries({ queryKey: DATA_REQUESTS_QUERY_KEY }) });
}
