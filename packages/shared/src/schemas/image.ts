import { z } from 'zod';
import { IdSchema } from './common';
import { apiParam, says } from './say';
import { IMAGE_FIELD_NAMES, IMAGE_FILE_NAME_PATTERN, PLATFORM_IMAGE_SCOPE } from '../image-values';

export const ImageFieldNameSchema = z.enum(IMAGE_FIELD_NAMES, says('validation.unknownImageField'));

export const ImageFileNameSchema = z
  .string(says('validation.storedImage'))
  .regex(IMAGE_FILE_NAME_PATTERN, says('validation.storedImage'));

/** The NGO an image belongs to; absent or empty means the caller's own NGO (Admin: the platform area). */
const OptionalNgoIdSchema = z.preprocess(
  (value) => (value === '' || value === 'null' || value === 'undefined' ? null : value),
  IdSchema.nullable().optional(),
);

export const CreateImageFieldsSchema = z.object({
  fieldName: ImageFieldNameSchema,
  ngoId: OptionalNgoIdSchema,
});
export type CreateImageFields = z.infer<typeof CreateImageFieldsSchema>;

export const DeleteImageInputSchema = z.object({
  ngoId: OptionalNgoIdSchema,
  image: ImageFileNameSchema,
});
export type DeleteImageInput = z.infer<typeof DeleteImageInputSchema>;

export const GetImageParamsSchema = z.object({
  ngoId: z.union([z.literal(PLATFORM_IMAGE_SCOPE), z.string().regex(/^\d{1,10}$/, says('error.imageNotFound'))], {
    ...says('error.imageNotFound'),
  }),
  fileName: z.string(),
});

export const GetImageQuerySchema = z.object({
  w: z.coerce.number().int().min(16, says('validation.atLeast', apiParam('w'), { min: '16' })).max(4096, says('validation.atMost', apiParam('w'), { max: '4096' })).optional(),
});
