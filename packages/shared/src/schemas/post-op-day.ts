import { z } from 'zod';
import { APPETITES, WOUND_STATES } from '../option-values';
import { choice, oneDecimal, optionalDate } from './case-options';
import { IdSchema } from './common';
import { imageList, optionalText, wholeNumberLike } from './formats';

/**
 * The daily post-operative log of a case (docs/product.md#abc-programme-records): one entry per day
 * after surgery, added over time by any staff member of the case's NGO.
 */
const PostOpDayFields = {
  logDate: optionalDate('field.logDate'),
  woundState: choice('field.woundState', WOUND_STATES),
  appetite: choice('field.appetite', APPETITES),
  temperature: oneDecimal('field.temperature', { min: 30, max: 45 }),
  medication: optionalText('field.medication', 1000),
  notes: optionalText('field.postOpNotes', 2000),
  photos: imageList('field.postOpPhotos', 10),
};

/** Days after surgery: a log kept for a year is past any recovery. */
const dayNumber = () => wholeNumberLike('field.dayNumber', { min: 1, max: 365 });

export const AddPostOpDayInputSchema = z.object({ caseId: IdSchema, dayNumber: dayNumber(), ...PostOpDayFields });
export type AddPostOpDayInput = z.infer<typeof AddPostOpDayInputSchema>;

/** Absent fields stay as they are; null (or an empty list) clears. */
export const UpdatePostOpDayInputSchema = z.object({ id: IdSchema, dayNumber: dayNumber().optional(), ...PostOpDayFields });
export type UpdatePostOpDayInput = z.infer<typeof UpdatePostOpDayInputSchema>;

export const PostOpDayIdInputSchema = z.object({ id: IdSchema });

export const PostOpDaySchema = z.object({
  id: z.number(),
  caseId: z.number(),
  dayNumber: z.number(),
  logDate: z.string().nullable(),
  woundState: z.enum(WOUND_STATES).nullable(),
  appetite: z.enum(APPETITES).nullable(),
  temperature: z.number().nullable(),
  medication: z.string().nullable(),
  notes: z.string().nullable(),
  photos: z.array(z.string()),
  /** The author's user id: the author may change or delete the entry, as may a Manager and above. */
  createdBy: z.number().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PostOpDay = z.infer<typeof PostOpDaySchema>;
