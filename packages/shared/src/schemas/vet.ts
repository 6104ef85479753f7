import { z } from 'zod';
import { IdSchema } from './common';
import { imageList, requiredText } from './formats';
import { NgoChoiceSchema } from './list';

const VetFields = {
  name: requiredText('field.vetRecordName', 100),
  regId: requiredText('field.regId', 50),
  vetCertification: imageList('field.vetCertification'),
  verificationId: imageList('field.verificationId'),
};

export const CreateVetInputSchema = z.object({ ...VetFields, ...NgoChoiceSchema });
export type CreateVetInput = z.infer<typeof CreateVetInputSchema>;

export const UpdateVetInputSchema = z.object({ id: IdSchema, ...z.object(VetFields).partial().shape });
export type UpdateVetInput = z.infer<typeof UpdateVetInputSchema>;

export const VetSchema = z.object({
  id: z.number(),
  ngoId: z.number(),
  name: z.string(),
  regId: z.string(),
  vetCertification: z.array(z.string()),
  verificationId: z.array(z.string()),
});
export type Vet = z.infer<typeof VetSchema>;
