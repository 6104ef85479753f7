import { tr } from '@rescuedesk/shared';
import os from 'node:os';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import phash from 'sharp-phash';
import { UnsupportedMediaTypeError, ValidationError } from '../../errors';
import { WorkQueue } from '../../lib/work-queue';

/** Formats accepted on upload, recognised by their content (magic bytes), never by name or header. */
const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'image/avif']);

/** Stored images are at most this long on their longer side: plenty for a medical record photo. */
const MAX_STORED_EDGE = 4096;
/**
 * What a phone camera makes at most (a 50 MP sensor gives 8160 x 6120). More is refused from the
 * header, before anything is decoded: a 12 kB PNG can claim 100 megapixels and cost seconds of CPU.
 */
export const MAX_INPUT_PIXELS = 50_000_000;
export const tooManyPixelsMessage = () => tr('validation.tooManyPixels');

/**
 * Image work runs on libuv's thread pool (4 threads, shared with file access and password hashing)
 * and on libvips' own threads. At most IMAGE_JOBS images are worked on at a time, each with
 * IMAGE_THREADS libvips threads, so a burst of uploads leaves a core and pool threads to everyone
 * else: on 2 cores, one image at a time on one thread.
 */
const CORES = os.availableParallelism();
export const IMAGE_JOBS = Math.max(1, Math.min(2, CORES - 1));
const IMAGE_THREADS = Math.max(1, Math.floor((CORES - 1) / IMAGE_JOBS));
sharp.concurrency(IMAGE_THREADS);
export const imageWork = new WorkQueue(IMAGE_JOBS);

export interface ProcessedImage {
  data: Buffer;
  extension: 'jpg' | 'png' | 'webp';
  contentType: string;
  width: number;
  height: number;
  /** The perceptual hash of the stored pixels (see photoHash). */
  phash: string;
}

export const CONTENT_TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/**
 * Checks that the bytes are a real image and re-encodes them. Re-encoding drops anything that is
 * not pixels: EXIF (GPS position included), comments, and any script smuggled after the image.
 * PNG and WebP keep their format (screenshots, transparency); camera formats become JPEG.
 */
export async function processUpload(input: Buffer): Promise<ProcessedImage> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) {
    throw new UnsupportedMediaTypeError(tr('error.onlyImages'));
  }
  const extension = type.mime === 'image/png' ? 'png' : type.mime === 'image/webp' ? 'webp' : 'jpg';
  return imageWork.run(async () => {
    await assertPixelsAllowed(input, type.mime);
    try {
      const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: MAX_STORED_EDGE, height: MAX_STORED_EDGE, fit: 'inside', withoutEnlargement: true });
      const encoded =
        extension === 'png'
          ? pipeline.png({ compressionLevel: 8 })
          : extension === 'webp'
            ? pipeline.webp({ quality: 85 })
            : pipeline.jpeg({ quality: 85 });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      return { data, extension, contentType: CONTENT_TYPES[extension], width: info.width, height: info.height, phash: await photoHash(data) };
    } catch (err) {
      throw unreadable(err, type.mime);
    }
  });
}

/**
 * A perceptual hash (pHash: a 32x32 greyscale DCT, sharp-phash) of an image as 16 hex digits: two
 * photos of the same scene differ in few of its 64 bits (docs/citizen-reports.md#duplicate-suggestions).
 */
export async function photoHash(image: Buffer): Promise<string> {
  const bits = await phash(image, { limitInputPixels: MAX_INPUT_PIXELS });
  return BigInt(`0b${bits}`).toString(16).padStart(16, '0');
}

/** How many of the 64 bits two photo hashes differ in (0: the same picture to the eye; over about 20: unrelated). */
export function hashDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (x > 0n) {
    count += Number(x & 1n);
    x >>= 1n;
  }
  return count;
}

/** Reads the width and height from the header only (nothing is decoded) and refuses a pixel bomb. */
async function assertPixelsAllowed(input: Buffer, mime: string): Promise<void> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(input, { limitInputPixels: false }).metadata());
  } catch (err) {
    throw unreadable(err, mime);
  }
  if (!width || !height) throw unreadable(undefined, mime);
  if (width * height > MAX_INPUT_PIXELS) throw new ValidationError(tooManyPixelsMessage());
}

function unreadable(err: unknown, mime: string): Error {
  // The header check above makes this a second line of defence (a header that lies about its size).
  if (err instanceof Error && /pixel limit/i.test(err.message)) return new ValidationError(tooManyPixelsMessage());
  if (mime === 'image/heic' || mime === 'image/heif') {
    return new UnsupportedMediaTypeError(tr('error.heicUnreadable'));
  }
  return new UnsupportedMediaTypeError(tr('error.notAnImage'));
}

/** A smaller copy for lists and previews, in the stored format. */
export async function renderThumbnail(source: Buffer, width: number): Promise<Buffer> {
  return imageWork.run(() => sharp(source, { limitInputPixels: MAX_INPUT_PIXELS }).resize({ width, withoutEnlargement: true }).toBuffer());
}

/** A stored image as PNG, at most `width` wide, for a document the server prints (pdfkit reads PNG and JPEG, not WebP). */
export async function renderForDocument(source: Buffer, width: number): Promise<Buffer> {
  return imageWork.run(() => sharp(source, { limitInputPixels: MAX_INPUT_PIXELS }).resize({ width, height: width, fit: 'inside', withoutEnlargement: true }).png().toBuffer());
}
