import type { Readable } from 'node:stream';
import { IMAGE_FILE_NAME_PATTERN, PLATFORM_IMAGE_SCOPE } from '@rescuedesk/shared';
import type { ImageStorageConfig } from '../../config';
import { NotFoundError } from '../../errors';

/**
 * Where image bytes live (docs/decisions/010). Two implementations: folders under DATA_DIR on this
 * machine (the embedded default) and an S3-compatible bucket shared by every instance. Both keep
 * one area per NGO (`ngo-<id>/`, `platform/` for images of no NGO), generated names only, and the
 * thumbnails of an image beside it (`<area>/thumbs/<width>/<name>`). Access is the service's job:
 * a store never decides who may read what, and never hands out an address of its own.
 */
export interface ImageStore {
  readonly kind: 'disk' | 's3';
  /** For the log: where the images are. */
  readonly description: string;
  /** Creates the folder, or checks that the bucket answers (a wrong bucket or key stops the start). */
  init(): Promise<void>;
  /** Stores the bytes; once this resolves they survive a crash of this machine. */
  put(ref: ImageRef, data: Buffer, contentType: string): Promise<void>;
  /** Opens a stored image or thumbnail for sending; undefined when it is not there. */
  open(ref: ImageRef): Promise<StoredObject | undefined>;
  /** The whole of a stored image or thumbnail; undefined when it is not there. */
  read(ref: ImageRef): Promise<Buffer | undefined>;
  /** Removes an image and every thumbnail made from it. Removing what is not there is no error. */
  remove(ngoId: number | null, fileName: string): Promise<void>;
  /**
   * Every object directly in an NGO or platform area (not thumbnails), in pages, with its age: what
   * the orphan sweep compares with the images table. Names are as found, valid or not.
   */
  list(): AsyncIterable<ListedObject[]>;
  /** Removes one listed object (a leftover or an orphan), and its thumbnails. */
  discard(item: ListedObject): Promise<void>;
  /** Lets go of connections. */
  close(): Promise<void>;
}

export interface ImageRef {
  ngoId: number | null;
  fileName: string;
  /** Set for a thumbnail of this width. */
  width?: number;
}

export interface StoredObject {
  body: Readable;
  size: number | undefined;
}

export interface ListedObject {
  ngoId: number | null;
  name: string;
  modifiedMs: number;
  /** The store's own address of the object (a path or a key), for discard(). */
  location: string;
}

/**
 * The object store could not be reached or refused the request (network, timeout, 5xx, throttling).
 * The error handler answers 503 with Retry-After; details go to the log only.
 */
export class ObjectStoreUnavailableError extends Error {
  readonly code = 'OBJECT_STORE_UNAVAILABLE';
  constructor(operation: string, cause: unknown) {
    super(`Image storage ${operation} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ObjectStoreUnavailableError';
  }
}

/** The store the configuration names. The S3 client is loaded only when a bucket is configured. */
export async function createImageStore(config: ImageStorageConfig): Promise<ImageStore> {
  if (config.kind === 's3') {
    const { S3ImageStore } = await import('./s3-image-store');
    return new S3ImageStore(config);
  }
  const { DiskImageStore } = await import('./disk-image-store');
  return new DiskImageStore(config.dir);
}

/** The area folder or key prefix of an NGO (null: the platform area). */
export function areaOf(ngoId: number | null): string {
  return ngoId === null ? PLATFORM_IMAGE_SCOPE : `ngo-${ngoId}`;
}

/** The NGO of an area name, null for the platform area, undefined for anything else. */
export function ngoOfArea(area: string): number | null | undefined {
  if (area === PLATFORM_IMAGE_SCOPE) return null;
  const match = /^ngo-(\d{1,10})$/.exec(area);
  return match ? Number(match[1]) : undefined;
}

/**
 * The relative address of an image or thumbnail: `<area>/<name>` or `<area>/thumbs/<width>/<name>`.
 * Only generated names pass, so nothing from a request can point outside its area.
 */
export function imageKey(ref: ImageRef): string {
  const name = checkedName(ref.fileName);
  if (ref.width === undefined) return `${areaOf(ref.ngoId)}/${name}`;
  if (!Number.isInteger(ref.width) || ref.width <= 0) throw new NotFoundError();
  return `${areaOf(ref.ngoId)}/thumbs/${ref.width}/${name}`;
}

export function checkedName(fileName: string): string {
  if (!IMAGE_FILE_NAME_PATTERN.test(fileName)) throw new NotFoundError();
  return fileName;
}
