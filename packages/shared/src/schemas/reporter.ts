import { z } from 'zod';
import { IdSchema } from './common';
import { imageList, optionalEmail, optionalPhone, requiredPhone, requiredText } from './formats';
import { NgoChoiceSchema } from './list';

/** Name and phone are required; alternate phone and email are optional (docs/product.md#directory-records). */
const ReporterFields = {
  name: requiredText('field.reporterRecordName', 100),
  contact: requiredPhone('field.reporterContact'),
  alternateContact: optionalPhone('field.reporterAltContact'),
  email: optionalEmail('field.emailId'),
  verificationId: imageList('field.verificationId'),
};

export const CreateReporterInputSchema = z.object({ ...ReporterFields, ...NgoChoiceSchema });
export type CreateReporterInput = z.infer<typeof CreateReporterInputSchema>;

export const UpdateReporterInputSchema = z.object({ id: IdSchema, ...z.object(ReporterFields).partial().shape });
export type UpdateReporterInput = z.infer<typeof UpdateReporterInputSchema>;

export const ReporterSchema = z.object({
  id: z.number(),
  ngoId: z.number(),
  name: z.string(),
  contact: z.string(),
  alternateContact: z.string().nullable(),
  email: z.string().nullable(),
  verificationId: z.array(z.string()),
});
export type Reporter = z.infer<typeof ReporterSchema>;
