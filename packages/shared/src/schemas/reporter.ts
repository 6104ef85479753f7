import { z } from 'zod';
import { REPORTER_PERSONAL_FIELDS } from '../privacy';
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
  /** The fields sent masked, because this user may not see them in full (docs/privacy.md); absent when none is. */
  maskedFields: z.array(z.enum(REPORTER_PERSONAL_FIELDS)).optional(),
});
export type Reporter = z.infer<typeof ReporterSchema>;

/** A reporter typed into a case and saved to the directory, or the directory's record of them already there. */
export const SavedReporterSchema = z.object({ reporter: ReporterSchema, created: z.boolean() });
export type SavedReporter = z.infer<typeof SavedReporterSchema>;
