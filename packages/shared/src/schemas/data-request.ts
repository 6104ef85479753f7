import { z } from 'zod';
import { IdSchema } from './common';
import { dateText, optionalText, requiredText, says } from './formats';

/** An access request (what is held, exported) or an erasure request (emptied, with exceptions). */
export const DATA_REQUEST_KINDS = ['access', 'erasure'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];

/** Days a request is due in unless another day is set (DPDP Rules: a reasonable period). */
export const DATA_REQUEST_DUE_DAYS = 30;

/** Why a record found for a person stays after an erasure. */
export const ERASURE_EXCEPTIONS = ['openCase', 'newReport'] as const;
export type ErasureException = (typeof ERASURE_EXCEPTIONS)[number];

/** The person a request is about, as given: a phone number, a name, or both (both must match then). */
const subject = {
  ngoId: IdSchema.optional(),
  phone: optionalText('privacy.requests.phone', 30),
  name: optionalText('privacy.requests.name', 200),
};
const hasSubject = (s: { phone?: string | null | undefined; name?: string | null | undefined }) => !!s.phone || !!s.name;
const subjectSaid = { ...says('privacy.requests.subjectRequired'), path: ['phone'] };

export const DataSubjectInputSchema = z.object(subject).refine(hasSubject, subjectSaid);
export type DataSubjectInput = z.infer<typeof DataSubjectInputSchema>;

export const CreateDataRequestInputSchema = z
  .object({
    ...subject,
    kind: z.enum(DATA_REQUEST_KINDS),
    receivedOn: dateText('privacy.requests.receivedOn'),
    dueOn: dateText('privacy.requests.dueOn').optional(),
  })
  .refine(hasSubject, subjectSaid);
export type CreateDataRequestInput = z.infer<typeof CreateDataRequestInputSchema>;

export const DataRequestIdInputSchema = z.object({ id: IdSchema });
export const EraseDataInputSchema = z.object({ id: IdSchema, reason: requiredText('privacy.requests.reason', 500) });
export type EraseDataInput = z.infer<typeof EraseDataInputSchema>;
export const DataRequestListInputSchema = z.object({ ngoId: IdSchema.optional() }).prefault({});

/** One record held about the person, in full (the Founder and Admin see contacts in full). */
export const HeldRecordSchema = z.object({
  kind: z.enum(['case', 'reporter', 'citizenReport']),
  id: z.number(),
  label: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  altPhone: z.string().nullable(),
  email: z.string().nullable(),
  status: z.string().nullable(),
  /** The day it was reported or added (YYYY-MM-DD or an instant). */
  date: z.string().nullable(),
  /** Why an erasure would keep it; null when it would be emptied. */
  keptBecause: z.enum(ERASURE_EXCEPTIONS).nullable(),
});
export type HeldRecord = z.infer<typeof HeldRecordSchema>;

export const ErasureOutcomeSchema = z.object({
  erased: z.object({ cases: z.number(), reporters: z.number(), citizenReports: z.number() }),
  kept: z.array(z.object({ kind: HeldRecordSchema.shape.kind, id: z.number(), label: z.string(), why: z.enum(ERASURE_EXCEPTIONS) })),
});
export type ErasureOutcome = z.infer<typeof ErasureOutcomeSchema>;

/** A row of the register; the subject masked as lists show it. */
export const DataRequestSchema = z.object({
  id: z.number(),
  ngoId: z.number(),
  kind: z.enum(DATA_REQUEST_KINDS),
  receivedOn: z.string(),
  dueOn: z.string(),
  doneOn: z.string().nullable(),
  subject: z.string(),
  handledBy: z.string().nullable(),
  reason: z.string().nullable(),
  outcome: ErasureOutcomeSchema.nullable(),
});
export type DataRequest = z.infer<typeof DataRequestSchema>;
