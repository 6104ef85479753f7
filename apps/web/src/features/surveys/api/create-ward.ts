import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWardInput, Ward } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { SURVEYS_QUERY_KEY } from './get-wards';

export function createWard(input: CreateWardInput): Promise<Ward> {
  return api.post<Ward>('/ward/createWard', input);
}

export function useCreateWard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWard,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...SURVEYS_QUERY_KEY, 'wards'] }),
  });
}
