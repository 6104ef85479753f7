import { MESSAGES, SESSION_ENDED_HEADER, type CreateImageFields } from '@rescuedesk/shared';
import { ApiError, api, apiUrl, noteFailedStatus } from './api-client';
import { activeLanguage, t } from './i18n/i18n';

const UPLOAD_PATH = '/image/createImage';

/**
 * The shared createImage fields, and the file. `ngoId` is the NGO the image belongs to; null or
 * absent stores it in the caller's own NGO (an Admin without an NGO: the platform area).
 */
interface UploadImageInput extends CreateImageFields {
  file: File;
}

function uploadForm({ fieldName, ngoId, file }: UploadImageInput): FormData {
  const form = new FormData();
  form.append('fieldName', fieldName);
  if (ngoId !== null && ngoId !== undefined) form.append('ngoId', String(ngoId));
  form.append('image', file);
  return form;
}

/** Stores one image and answers its generated file name. Used by every feature that has pictures. */
export function uploadImage(input: UploadImageInput): Promise<string> {
  return api.upload<string>(UPLOAD_PATH, uploadForm(input));
}

interface UploadWithProgressInput extends UploadImageInput {
  /** Called with the share of the file sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** Aborting rejects with a DOMException named 'AbortError'. */
  signal?: AbortSignal;
  /** Sent as the Idempotency-Key header (docs/decisions/011): a resend under it stores the photo once. */
  idempotencyKey?: string;
}

function messageOf(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON (a proxy's error page): the caller gets the generic text.
  }
  return undefined;
}

function dataOf(text: string): unknown {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null && 'data' in body ? body.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The same upload as uploadImage, over XMLHttpRequest because fetch cannot report upload progress.
 * Errors are ApiErrors carrying the server's message, and a 401 ends the session, like every other call.
 */
export function uploadImageWithProgress({ onProgress, signal, idempotencyKey, ...input }: UploadWithProgressInput): Promise<string> {
  const form = uploadForm(input);

  return new Promise<string>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.open('POST', apiUrl(UPLOAD_PATH));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', activeLanguage());
    if (idempotencyKey) xhr.setRequestHeader('Idempotency-Key', idempotencyKey);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      settle();
      const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      const data = dataOf(text);
      if (xhr.status >= 200 && xhr.status < 300 && typeof data === 'string') {
        onProgress?.(1);
        resolve(data);
        return;
      }
      noteFailedStatus(UPLOAD_PATH, xhr.status, xhr.getResponseHeader(SESSION_ENDED_HEADER));
      const fallback = xhr.status >= 500 || xhr.status < 400 ? MESSAGES.serverError : t('error.requestFailed', { status: xhr.status });
      reject(new ApiError(xhr.status, messageOf(text) ?? fallback));
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new ApiError(0, t('error.network')));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(new DOMException('Upload cancelled', 'AbortError'));
    });
    signal?.addEventListener('abort', onAbortSignal);
    xhr.send(form);
  });
}
