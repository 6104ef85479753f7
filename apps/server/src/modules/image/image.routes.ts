import {
  CreateImageFieldsSchema,
  DeleteImageInputSchema,
  GetImageQuerySchema,
  envelopeOf,
  tr,
} from '@rescuedesk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BadRequestError, TooManyRequestsError, UnsupportedMediaTypeError, ValidationError } from '../../errors';
import { malformedMultipartMessage, multipartErrorFor } from '../../lib/multipart-errors';
import { formatZodError } from '../../lib/validation';
import { actorOf } from '../auth/session.guard';
import type { ImageService } from './image.service';

export const UPLOADS_PER_MINUTE = 60;

/** The upload's multipart body, for the OpenAPI document: readUpload below reads and checks it. */
const CreateImageFormSchema = CreateImageFieldsSchema.extend({
  image: z.file().describe('The image file: JPEG, PNG, WebP, HEIC or AVIF, at most UPLOAD_MAX_BYTES and 50 megapixels'),
});

interface Deps {
  images: ImageService;
  uploadMaxBytes: number;
}

export function imageRoutes(app: FastifyInstance, { images, uploadMaxBytes }: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/image/createImage',
    {
      config: {
        access: 'image.upload',
        multipartForm: CreateImageFormSchema,
        // A field worker may photograph a whole ward in a minute; a runaway client may not fill the disk.
        rateLimit: {
          max: UPLOADS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => (request.actor ? `user:${request.actor.id}` : `ip:${request.ip}`),
          errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
            new TooManyRequestsError(tr('error.tooManyUploads', { after: context.after }), 60),
        },
      },
      schema: {
        tags: ['image'],
        summary: 'Upload one image (multipart: fieldName, ngoId, image); answers the stored file name',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(z.string()) },
      },
    },
    async (request) => {
      const { fields, file } = await readUpload(request, uploadMaxBytes);
      const parsed = CreateImageFieldsSchema.safeParse(fields);
      if (!parsed.success) throw new ValidationError(formatZodError(parsed.error));
      if (!file) throw new ValidationError(tr('validation.chooseImageFile'));
      return { data: await images.upload(actorOf(request), parsed.data, file) };
    },
  );

  r.post(
    '/api/image/deleteImage',
    {
      config: { access: 'image.upload' },
      schema: { tags: ['image'], summary: 'Delete a stored image', body: DeleteImageInputSchema, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await images.remove(actorOf(request), request.body);
      return { data: null };
    },
  );

  r.get(
    '/api/image/getImage/:ngoId/:fileName',
    {
      config: { access: 'image.read' },
      schema: {
        tags: ['image'],
        summary: "An image of an NGO the caller may see ('platform' for images of no NGO); w= for a thumbnail",
        params: z.object({ ngoId: z.string(), fileName: z.string() }),
        querystring: GetImageQuerySchema,
        // For the OpenAPI document: the stored formats this route sends.
        produces: ['image/jpeg', 'image/png', 'image/webp'],
      },
    },
    async (request, reply) => {
      const { ngoId, fileName } = request.params;
      const image = await images.locate(actorOf(request), ngoId, fileName, request.query.w);
      reply
        .type(image.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline')
        .header('Cache-Control', image.sensitive ? 'private, no-store' : 'private, max-age=86400, immutable');
      return reply.send(image.body);
    },
  );
}

/**
 * Reads the multipart body: small text fields and exactly one file part named `image`, held in
 * memory up to the upload limit. Oversized or extra parts are refused before anything is stored.
 */
async function readUpload(request: FastifyRequest, maxBytes: number): Promise<{ fields: Record<string, string>; file?: Buffer }> {
  if (!request.isMultipart()) throw new UnsupportedMediaTypeError(tr('error.sendMultipart'));
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11, fieldSize: 1024 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image') {
          part.file.resume();
          throw new ValidationError(tr('validation.unexpectedFileField', { name: part.fieldname }));
        }
        file = await part.toBuffer();
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (err) {
    // Only the body is read here, so anything else that fails is a body that breaks the format
    // (or a connection cut off mid-upload): the client's fault, never a server fault.
    throw multipartErrorFor(err, maxBytes) ?? new BadRequestError(malformedMultipartMessage());
  }
  return file ? { fields, file } : { fields };
}
