import { tr } from '@rescuedesk/shared';
import { AppError, BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors';

export const malformedMultipartMessage = () => tr('error.malformedMultipart');

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
        maxFileBytes ? tr('error.imageTooLarge', { limit: Math.round(maxFileBytes / (1024 * 1024)) }) : tr('error.fileTooLarge'),
      );
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new PayloadTooLargeError(tr('error.tooManyParts'));
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new UnsupportedMediaTypeError(tr('error.sendUploadMultipart'));
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_MP_PREMATURE_CLOSE':
      return new BadRequestError(malformedMultipartMessage());
    default:
      return BUSBOY_FORMAT_ERROR.test(err.message) ? new BadRequestError(malformedMultipartMessage()) : undefined;
  }
}

/** busboy's messages for a body that breaks the multipart format (it gives them no code). */
const BUSBOY_FORMAT_ERROR = /multipart|boundary|needle|part header|terminated early/i;
