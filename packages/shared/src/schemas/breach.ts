import { z } from 'zod';
import { IdSchema } from './common';
import { requiredText, says, wholeNumberLike } from './formats';

/** Hours after discovery within which the Data Protection Board is to be told (DPDP Rules 2025). */
export const BREACH_REPORT_HOURS = 72;

export const CreateBreachInputSchema = z.object({
  ngoId: IdSchema.optional(),
  /** When the NGO learnt of it: an instant (ISO-8601), not in the future. */
  discoveredAt: z.iso.datetime({ offset: true, ...says('validation.text', 'privacy.breach.discoveredAt') }),
  whatHappened: requiredText('privacy.breach.whatHappened', 2000),
  dataAffected: requiredText('privacy.breach.dataAffected', 1000),
  peopleAffected: requiredText('privacy.breach.peopleAffected', 1000),
  peopleCount: wholeNumberLike('privacy.breach.peopleCount', { min: 0, max: 100_000_000 }).optional(),
});
export type CreateBreachInput = z.infer<typeof CreateBreachInputSchema>;

export const BreachIdInputSchema = z.object({ id: IdSchema });
export const BreachListInputSchema = z.object({ ngoId: IdSchema.optional() }).prefault({});

/** The drafts of the notices, in English and Hindi, from the catalogue's templates. */
const DraftsSchema = z.object({ en: z.string(), hi: z.string() });

export const BreachSchema = z.object({
  id: z.number(),
  ngoId: z.number(),
  discoveredAt: z.string(),
  /** discoveredAt plus 72 hours. */
  reportDueAt: z.string(),
  whatHappened: z.string(),
  dataAffected: z.string(),
  peopleAffected: z.string(),
  peopleCount: z.number().nullable(),
  reportedAt: z.string().nullable(),
  notices: z.object({ board: DraftsSchema, people: DraftsSchema }),
});
export type Breach = z.infer<typeof BreachSchema>;
