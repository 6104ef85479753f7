import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDataRequestInput, DataRequest } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { DATA_REQUESTS_QUERY_KEY } from './get-data-requests';

export function createDataRequest(input: CreateDataRequestInput): Promise<DataRequest> {
  return api.post<DataRequest>('/privacy/createDataRequest', input);
}

export function useCreateDataRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDataRequest, onSuccess: () => void queryClient.invalidateQueries({ queryKey: DATA_REQUESTS_QUERY_KEY }) });
}
