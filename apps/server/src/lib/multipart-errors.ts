import { AppError, BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors';

export const MALFORMED_MULTIPART_MESSAGE =
  'The upload is not a valid multipart form (it may have been cut off on the way). Please choose the file again and retry.';

/**
 * What the multipart parser (@fastify/multipart over busboy) throws, in words a person can act on.
 * The plugin's own errors carry an FST_ code; busboy's are plain errors that say the body does not
 * follow the multipart format (no or wrong boundary, truncated body, broken part header).
 */
export function multipartErrorFor(err: unknown, maxFileBytes?: number): AppError | undefined {
  if (err instanceof AppError) return err;
  if (!(err instanceof Error)) return undefined;
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new PayloadTooLargeError(
        maxFileBytes ? `The image is larger than the ${Math.round(maxFileBytes / (1024 * 1024))} MB limit.` : 'The uploaded file is too large.',
      );
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new PayloadTooLargeError('Too many parts in the upload: send one image at a time.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new UnsupportedMediaTypeError('Send the upload as multipart/form-data.');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_MP_PREMATURE_CLOSE':
      return new BadRequestError(MALFORMED_MULTIPART_MESSAGE);
    default:
      return BUSBOY_FORMAT_ERROR.test(err.message) ? new BadRequestError(MALFORMED_MULTIPART_MESSAGE) : undefined;
  }
}

/** busboy's messages for a body that breaks the multipart format (it gives them no code). */
const BUSBOY_FORMAT_ERROR = /multipart|boundary|needle|part header|terminated early/i;
