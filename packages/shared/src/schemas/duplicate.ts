import { z } from 'zod';
import { SPECIES } from '../option-values';
import { IdSchema } from './common';
import { dateText, imageList, numberLike, says, timeText } from './formats';

/**
 * Duplicate suggestions (issue 35, docs/citizen-reports.md#duplicate-suggestions): the open cases and
 * untriaged public reports that may be the same animal as a report being triaged or a case being
 * added: of the same kind of animal, within about 300 m and 72 hours, ranked with how alike their
 * photos are. Each suggestion says why.
 */

/** How near, in metres and in hours, a case or report must be to be suggested. */
export const DUPLICATE_RADIUS_M = 300;
export const DUPLICATE_WINDOW_HOURS = 72;
/** At most this many suggestions, the likeliest first. */
export const MAX_DUPLICATE_SUGGESTIONS = 5;

export const ReportDuplicatesInputSchema = z.object({ reportId: IdSchema });
export type ReportDuplicatesInput = z.infer<typeof ReportDuplicatesInputSchema>;

/** What staff typed for a case not saved yet, or saved (its own id is left out of the answer). */
export const CaseDuplicatesInputSchema = z.object({
  caseId: IdSchema.optional(),
  ngoId: IdSchema.optional(),
  latitude: numberLike('field.captureLatitude', { min: -90, max: 90 }),
  longitude: numberLike('field.captureLongitude', { min: -180, max: 180 }),
  animalSpecies: z.enum(SPECIES, says('validation.oneOf', 'field.animalSpecies', { options: SPECIES.join(', ') })).nullable().optional(),
  reportedDate: dateText('field.reportedDate').optional(),
  reportedTime: timeText('field.reportedTime').optional(),
  pictures: imageList('field.animalPictures', 20).optional(),
});
export type CaseDuplicatesInput = z.infer<typeof CaseDuplicatesInputSchema>;

export const DuplicateSuggestionSchema = z.object({
  kind: z.enum(['case', 'report']),
  /** The case's id, or the report's. */
  id: z.number(),
  /** A report's code, to read out. */
  code: z.string().nullable(),
  animal: z.string().nullable(),
  place: z.string().nullable(),
  /** When it came in (UTC ISO-8601). */
  receivedAt: z.string(),
  distanceM: z.number(),
  hoursApart: z.number(),
  /** How alike the likeliest pair of photos is, 0 to 100; null when either side has no photo to compare. */
  photoLikeness: z.number().nullable(),
  /** 0 to 100: nearer, closer in time and more alike rank first. */
  score: z.number(),
});
export type DuplicateSuggestion = z.infer<typeof DuplicateSuggestionSchema>;
