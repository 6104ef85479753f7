import { z } from 'zod';
import { IdSchema } from './common';
import { dateText, numberLike, optionalImage, requiredText, says } from './formats';
import { NgoChoiceSchema } from './list';
import { SPONSOR_TYPES } from '../option-values';

const SponsorFields = {
  name: requiredText('field.sponsorName', 200),
  type: z.enum(SPONSOR_TYPES, says('validation.oneOf', 'field.sponsorType', { options: SPONSOR_TYPES.join(', ') })),
  amount: numberLike('field.amount', { min: 0, max: 10_000_000_000 }),
  logo: optionalImage(),
  startDate: dateText('field.startDate'),
  endDate: dateText('field.endDate'),
};


export const CreateSponsorInputSchema = z
  .object({ ...SponsorFields, ...NgoChoiceSchema })
  .refine((s) => s.endDate >= s.startDate, { ...says('validation.endBeforeStart'), path: ['endDate'] });
export type CreateSponsorInput = z.infer<typeof CreateSponsorInputSchema>;

/** Dates may arrive one at a time here; the server checks the order against the stored pair. */
export const UpdateSponsorInputSchema = z.object({ id: IdSchema, ...z.object(SponsorFields).partial().shape });
export type UpdateSponsorInput = z.infer<typeof UpdateSponsorInputSchema>;

export const SponsorSchema = z.object({
  id: z.number(),
  ngoId: z.number(),
  name: z.string(),
  type: z.enum(SPONSOR_TYPES),
  amount: z.number(),
  logo: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
});
export type Sponsor = z.infer<typeof SponsorSchema>;
