import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, UpdateProfileInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { uploadImage } from '../../../lib/upload-image';
import { ME_QUERY_KEY } from './get-me';

export function updateProfile(input: UpdateProfileInput): Promise<Me> {
  return api.post<Me>('/auth/updateProfile', input);
}

/** The profile form's save: the name as updateProfile takes it, and a picture to upload first. */
interface SaveProfileInput extends Pick<UpdateProfileInput, 'name'> {
  /** A newly chosen picture; null keeps the stored one. */
  picture: File | null;
  ngoId: number | null;
}

async function saveProfile({ name, picture, ngoId }: SaveProfileInput): Promise<Me> {
  if (!picture) return updateProfile({ name });
  const profileImage = await uploadImage({ fieldName: 'Profile', ngoId, file: picture });
  return updateProfile({ name, profileImage });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (me) => {
      // Show the saved name and picture at once; the refetch confirms them.
      queryClient.setQueryData(ME_QUERY_KEY, me);
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
