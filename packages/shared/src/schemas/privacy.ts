import { z } from 'zod';
import { ACCESS_REASONS, ACCESS_RECORD_TYPES, CASE_PERSONAL_FIELDS, REPORTER_PERSONAL_FIELDS } from '../privacy';
import { IdSchema } from './common';
import { apiParam, dateText, says, wholeNumberLike } from './formats';
import { MAX_PAGE_SIZE } from '../api-values';

const fieldSaid = says('validation.text', apiParam('field'));

/** One personal field of one case, or of one directory reporter, asked for in full (docs/privacy.md#reveal). */
export const RevealInputSchema = z.discriminatedUnion(
  'record',
  [
    z.object({ record: z.literal('case'), id: IdSchema, field: z.enum(CASE_PERSONAL_FIELDS, fieldSaid) }),
    z.object({ record: z.literal('reporter'), id: IdSchema, field: z.enum(REPORTER_PERSONAL_FIELDS, fieldSaid) }),
  ],
  says('validation.text', apiParam('record')),
);
export type RevealInput = z.infer<typeof RevealInputSchema>;

export const RevealedSchema = z.object({ value: z.string().nullable() });
export type Revealed = z.infer<typeof RevealedSchema>;

/** The access log's filter: who, which record, which days (on the NGOs' calendar, both included). */
const accessLogFilter = {
  ngoId: IdSchema.optional(),
  userId: IdSchema.optional(),
  recordType: z.enum(ACCESS_RECORD_TYPES, says('validation.text', apiParam('recordType'))).optional(),
  recordId: z.string(says('validation.text', apiParam('recordId'))).trim().min(1).max(100).optional(),
  from: dateText('privacy.log.from').optional(),
  to: dateText('privacy.log.to').optional(),
};

export const AccessLogInputSchema = z
  .object({
    ...accessLogFilter,
    page: wholeNumberLike(apiParam('page'), { min: 1, max: 1_000_000 }).default(1),
    pageSize: wholeNumberLike(apiParam('pageSize'), { min: 1, max: MAX_PAGE_SIZE }).default(20),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { ...says('privacy.log.rangeBackwards'), path: ['to'] })
  .prefault({});
export type AccessLogInput = z.infer<typeof AccessLogInputSchema>;

export const AccessLogExportInputSchema = z.object(accessLogFilter).prefault({});
export type AccessLogExportInput = z.infer<typeof AccessLogExportInputSchema>;

export const AccessLogEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  ngoId: z.number().nullable(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  userRole: z.string().nullable(),
  recordType: z.enum(ACCESS_RECORD_TYPES),
  recordId: z.string(),
  field: z.string(),
  reason: z.enum(ACCESS_REASONS),
});
export type AccessLogEntry = z.infer<typeof AccessLogEntrySchema>;
