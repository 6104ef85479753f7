import { ApiError } from '../api-client';
import { appOutbox, newQueuedImageName, QUEUED_IMAGE_NAME, resolvePhotoName } from './app-outbox';

/**
 * Photos taken offline (docs/decisions/012): already resized and compressed in the browser by the
 * uploader, they wait in the outbox as files under a temporary name, which the form holds (and a
 * step save may send) until the server has the photo and names it; the outbox then replaces the
 * name in every waiting change. Until then the thumbnail is drawn from the file on the device.
 */

const UPLOAD_PATH = '/image/createImage';

/** A random key of 32 hex digits (crypto.randomUUID needs a secure context, which a phone on a LAN address is not). */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface QueuedPhoto {
  fieldName: string;
  ngoId: number | null | undefined;
  file: File;
  /** The photo's size before it was resized (the bytes saved are reported). */
  originalBytes: number;
}

/**
 * Queues the photo; answers the name the form holds: the server's when it went at once, else a
 * temporary one. `key`: the Idempotency-Key of an upload already tried, whose answer never came.
 */
export async function queuePhoto({ fieldName, ngoId, file, originalBytes }: QueuedPhoto, key = randomKey()): Promise<string> {
  const tempName = newQueuedImageName();
  const result = await appOutbox().submit({
    key,
    kind: 'image',
    path: UPLOAD_PATH,
    body: { fieldName, ...(typeof ngoId === 'number' ? { ngoId } : {}) },
    blob: file,
    fileName: file.name,
    originalBytes,
    tempName,
  });
  return result.sent && typeof result.data === 'string' ? result.data : tempName;
}

/**
 * Sends a photo now when the network is there (with its progress bar), and queues it when there is
 * none or the upload finds none. The upload and the queued entry share one Idempotency-Key: when the
 * photo reached the server but its answer was lost, the outbox's resend gets the stored photo's name
 * instead of storing it twice.
 */
export async function sendOrQueuePhoto(upload: (idempotencyKey: string) => Promise<string>, photo: QueuedPhoto): Promise<string> {
  const key = randomKey();
  if (typeof navigator !== 'undefined' && !navigator.onLine) return queuePhoto(photo, key);
  try {
    return await upload(key);
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) return queuePhoto(photo, key);
    throw error;
  }
}

const urls = new Map<string, string>();

/** A thumbnail for a photo still waiting in the outbox (drawn from the file on the device), or null. */
export function queuedImageUrl(name: string): string | null {
  if (!QUEUED_IMAGE_NAME.test(name)) return null;
  const known = urls.get(name);
  if (known) return known;
  const entry = appOutbox()
    .getSnapshot()
    .entries.find((e) => e.tempName === name);
  if (!entry?.blob) return null;
  const url = URL.createObjectURL(entry.blob);
  urls.set(name, url);
  return url;
}

/** The name to show a stored photo by: a queued photo already sent goes by the server's name. */
export function shownImageName(name: string): string {
  return resolvePhotoName(appOutbox().memory, name);
}
