import { z } from 'zod';
import { IdSchema } from './common';
import { dateText, numberLike, optionalImage, requiredText } from './formats';
import { NgoChoiceSchema } from './list';

export const SPONSOR_TYPES = ['Vaccination', 'Sterilization', 'OPD', 'IPD', 'Adoption', 'Post Op Care', 'Other'] as const;
export type SponsorType = (typeof SPONSOR_TYPES)[number];

const SponsorFields = {
  name: requiredText('Sponsor Name', 200),
  type: z.enum(SPONSOR_TYPES, { error: `Sponsorship Type must be one of ${SPONSOR_TYPES.join(', ')}` }),
  amount: numberLike('Sponsor Amount', { min: 0, max: 10_000_000_000 }),
  logo: optionalImage(),
  startDate: dateText('Start Date'),
  endDate: dateText('End Date'),
};

export const END_BEFORE_START_MESSAGE = 'End Date must not be before Start Date';

export const CreateSponsorInputSchema = z
  .object({ ...SponsorFields, ...NgoChoiceSchema })
  .refine((s) => s.endDate >= s.startDate, { message: END_BEFORE_START_MESSAGE, path: ['endDate'] });
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
