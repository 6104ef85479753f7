import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { UnsupportedMediaTypeError, ValidationError } from '../../errors';

/** Formats accepted on upload, recognised by their content (magic bytes), never by name or header. */
const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'image/avif']);

/** Stored images are at most this long on their longer side: plenty for a medical record photo. */
const MAX_STORED_EDGE = 4096;
/** Refuses decompression bombs: a small file that would expand to a huge bitmap. */
export const MAX_INPUT_PIXELS = 100_000_000;

export interface ProcessedImage {
  data: Buffer;
  extension: 'jpg' | 'png' | 'webp';
  contentType: string;
  width: number;
  height: number;
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
    throw new UnsupportedMediaTypeError('Only image files are accepted: JPEG, PNG, WebP, HEIC or AVIF.');
  }
  const extension = type.mime === 'image/png' ? 'png' : type.mime === 'image/webp' ? 'webp' : 'jpg';
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
    return { data, extension, contentType: CONTENT_TYPES[extension], width: info.width, height: info.height };
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    if (/pixel limit/i.test(message)) {
      throw new ValidationError('The image has too many pixels (at most 100 megapixels).');
    }
    if (type.mime === 'image/heic' || type.mime === 'image/heif') {
      throw new UnsupportedMediaTypeError('This HEIC photo could not be read. Please upload it as JPEG.');
    }
    throw new UnsupportedMediaTypeError('The file could not be read as an image.');
  }
}

/** A smaller copy for lists and previews, in the stored format. */
export async function renderThumbnail(source: string, width: number): Promise<Buffer> {
  return sharp(source, { limitInputPixels: MAX_INPUT_PIXELS }).resize({ width, withoutEnlargement: true }).toBuffer();
}
