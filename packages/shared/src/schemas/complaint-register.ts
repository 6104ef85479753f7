import { z } from 'zod';
import { IdSchema } from './common';
import { says } from './formats';

/**
 * The complaint register (issue 35, docs/citizen-reports.md#the-complaint-register): every report a
 * citizen sent through the public page and every phone-in complaint staff typed in as a case, a month
 * at a time, with its outcome and its times (received, first answered, picked up).
 */

export const COMPLAINT_SOURCES = ['public', 'phone'] as const;
export type ComplaintSource = (typeof COMPLAINT_SOURCES)[number];

/** Where a complaint stands: waiting for staff, declined, or as far as its case has gone. */
export const COMPLAINT_OUTCOMES = ['waiting', 'declined', 'accepted', 'pickedUp', 'released', 'died'] as const;
export type ComplaintOutcome = (typeof COMPLAINT_OUTCOMES)[number];

const month = z
  .string(says('validation.required', 'citizen.register.month'))
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, says('citizen.register.monthFormat', 'citizen.register.month'));

export const ComplaintRegisterInputSchema = z.object({
  month,
  source: z.enum(COMPLAINT_SOURCES, says('validation.oneOf', 'citizen.register.source', { options: COMPLAINT_SOURCES.join(', ') })).optional(),
  outcome: z.enum(COMPLAINT_OUTCOMES, says('validation.oneOf', 'citizen.register.outcome', { options: COMPLAINT_OUTCOMES.join(', ') })).optional(),
  ngoId: IdSchema.optional(),
});
export type ComplaintRegisterInput = z.infer<typeof ComplaintRegisterInputSchema>;

export const ComplaintSchema = z.object({
  source: z.enum(COMPLAINT_SOURCES),
  /** The public report, when it came through the page. */
  reportId: z.number().nullable(),
  /** The code the reporter reads out on the phone (public reports). */
  code: z.string().nullable(),
  caseId: z.number().nullable(),
  ngoId: z.number(),
  /** When the complaint reached the NGO (UTC ISO-8601): the report sent, or the call as typed in. */
  receivedAt: z.string(),
  /** The first answer: the report accepted or declined, or the call logged as a case. */
  answeredAt: z.string().nullable(),
  /** The day the animal was picked up (the NGO's calendar), and the moment when the time was recorded too. */
  pickedUpOn: z.string().nullable(),
  pickedUpAt: z.string().nullable(),
  outcome: z.enum(COMPLAINT_OUTCOMES),
  declineReason: z.string().nullable(),
  animal: z.string().nullable(),
  /** A public report's condition (injured, sick…); a phone-in's admission reason. */
  condition: z.string().nullable(),
  place: z.string().nullable(),
  pincode: z.string().nullable(),
  reporterName: z.string().nullable(),
  minutesToAnswer: z.number().nullable(),
  minutesToPickup: z.number().nullable(),
});
export type Complaint = z.infer<typeof ComplaintSchema>;

/** Report-to-pickup times of the complaints whose pickup time was recorded, in minutes. */
export const PickupTimesSchema = z.object({
  month: z.string(),
  /** Complaints picked up with a recorded time: the figures below are over these. */
  timed: z.number(),
  medianMinutes: z.number().nullable(),
  p90Minutes: z.number().nullable(),
});
export type PickupTimes = z.infer<typeof PickupTimesSchema>;

export const ComplaintRegisterSchema = z.object({
  month: z.string(),
  rows: z.array(ComplaintSchema),
  summary: z.object({
    total: z.number(),
    public: z.number(),
    phone: z.number(),
    answered: z.number(),
    declined: z.number(),
    pickedUp: z.number(),
    pickup: PickupTimesSchema,
  }),
});
export type ComplaintRegister = z.infer<typeof ComplaintRegisterSchema>;

export const PickupTimesInputSchema = z.object({ ngoId: IdSchema.optional() }).prefault({});
export type PickupTimesInput = z.infer<typeof PickupTimesInputSchema>;
