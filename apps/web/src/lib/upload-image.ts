import type { ImageFieldName } from '@rescuedesk/shared';
import { api } from './api-client';

interface UploadImageInput {
  fieldName: ImageFieldName;
  /** The NGO the image belongs to; null stores it in the platform area (an Admin without an NGO). */
  ngoId: number | null;
  file: File;
}

/** Stores one image and answers its generated file name. Used by every feature that has pictures. */
export function uploadImage({ fieldName, ngoId, file }: UploadImageInput): Promise<string> {
  const form = new FormData();
  form.append('fieldName', fieldName);
  if (ngoId !== null) form.append('ngoId', String(ngoId));
  form.append('image', file);
  return api.upload<string>('/image/createImage', form);
}
