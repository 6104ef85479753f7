import { z } from 'zod';
import { IdSchema } from './common';
import { wholeNumberLike } from './formats';

/** Months an NGO keeps a closed case's reporter data (docs/privacy.md#how-long): 12 unless set, at most ten years. */
export const DEFAULT_RETENTION_MONTHS = 12;
export const RETENTION_MONTHS_BOUNDS = { min: 1, max: 120 } as const;

/** The NGO profile's retention field (Admin, Founder). */
export const RetentionMonthsSchema = wholeNumberLike('privacy.retention.months', RETENTION_MONTHS_BOUNDS);

/** Whose retention to preview or run: an Admin names the NGO; a Founder gets their own. */
export const RetentionInputSchema = z.object({ ngoId: IdSchema.optional() }).prefault({});
export type RetentionInput = z.infer<typeof RetentionInputSchema>;

/** What a run empties (or emptied), by kind of record. */
export const RetentionCountsSchema = z.object({ cases: z.number(), reporters: z.number(), citizenReports: z.number() });
export type RetentionCounts = z.infer<typeof RetentionCountsSchema>;

/** One record the next run would anonymise, its values masked as a Worker would see them. */
export const RetentionRecordSchema = z.object({
  kind: z.enum(['case', 'reporter', 'citizenReport']),
  id: z.number(),
  /** The case number, the report's short code or the directory id, as the screen names the record. */
  label: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type RetentionRecord = z.infer<typeof RetentionRecordSchema>;

export const RetentionRunSchema = z.object({ day: z.string(), startedAt: z.string(), counts: RetentionCountsSchema.nullable() });
export type RetentionRun = z.infer<typeof RetentionRunSchema>;

export const RetentionPreviewSchema = z.object({
  ngoId: z.number(),
  months: z.number(),
  /** Closed cases last changed before this instant have their reporter data anonymised. */
  cutoff: z.string(),
  /** The cutoff's day on the NGOs' calendar (YYYY-MM-DD), as the screen shows it. */
  cutoffDay: z.string(),
  counts: RetentionCountsSchema,
  /** The first records of each kind (the counts say how many in all). */
  records: z.array(RetentionRecordSchema),
  lastRun: RetentionRunSchema.nullable(),
});
export type RetentionPreview = z.infer<typeof RetentionPreviewSchema>;

/** The answer of "run now": whether this call did today's run, or it had been done already. */
export const RetentionRunResultSchema = z.object({ ran: z.boolean(), run: RetentionRunSchema });
export type RetentionRunResult = z.infer<typeof RetentionRunResultSchema>;
