import { useMutation } from '@tanstack/react-query';
import type { DeleteImageInput } from '@rescuedesk/shared';
import { api } from '../../lib/api-client';

export function deleteImage(input: DeleteImageInput): Promise<null> {
  return api.post<null>('/image/deleteImage', input);
}

export function useDeleteImage() {
  return useMutation({ mutationFn: deleteImage });
}
