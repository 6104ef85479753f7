import { z } from 'zod';
import { MAX_ADDITION_COMMENT, MILESTONES, REPORT_ANIMALS, REPORT_CONDITIONS, REPORT_STATUSES } from '../citizen-report-values';
import { CASE_TYPES } from '../option-values';
import { IdSchema } from './common';
import { numberLike, optionalText, pincode, requiredPhone, requiredText, says, wholeNumberLike } from './formats';
import { PageMetaSchema } from './list';
import { NoticeChoiceSchema, ReportNoticesSchema } from './notice';

/**
 * The citizen's report (issue 35, docs/citizen-reports.md): the NGO's public page at /r/<slug>, the
 * tracking page at /t/<token>, and the staff's intake list. Everything a citizen sends is checked here
 * and again by the server; nothing of another report is ever answered to the public.
 */

export * from '../citizen-report-values';

/** A page address: lower-case letters, digits and dashes, starting with a letter. */
export const SLUG_PATTERN = /^[a-z][a-z0-9-]{2,39}$/;

export const SlugSchema = z
  .string(says('citizen.validation.slug', 'citizen.field.slug'))
  .trim()
  .toLowerCase()
  .regex(SLUG_PATTERN, says('citizen.validation.slug', 'citizen.field.slug'));

/** Pincodes the NGO serves: a list, or the text of the form ("560001, 560002"). */
export const ServicePincodesSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(/[\s,]+/).filter(Boolean) : v === null ? [] : v),
  z
    .array(z.string().regex(/^[1-9]\d{5}$/), says('citizen.validation.pincodes', 'citizen.field.servicePincodes'))
    .max(200, says('citizen.validation.pincodes', 'citizen.field.servicePincodes'))
    .transform((list) => [...new Set(list)]),
);

/** The public page's settings, part of the NGO's profile. */
export const NgoPublicPageFields = {
  publicPageEnabled: z.boolean(says('validation.text', 'citizen.settings.enabled')).optional(),
  publicSlug: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), SlugSchema.nullable()).optional(),
  servicePincodes: ServicePincodesSchema.optional(),
  publicMessage: optionalText('citizen.field.publicMessage', 500),
};

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * The text fields of the report's multipart form. The place is GPS (latitude and longitude) or a
 * typed address with its pincode; one of them is needed.
 */
export const CitizenReportFieldsSchema = z
  .object({
    latitude: z.preprocess(blankToUndefined, numberLike('field.captureLatitude', { min: -90, max: 90 }).optional()),
    longitude: z.preprocess(blankToUndefined, numberLike('field.captureLongitude', { min: -180, max: 180 }).optional()),
    accuracy: z.preprocess(blankToUndefined, numberLike('field.captureAccuracy', { min: 0, max: 100_000 }).optional()),
    address: optionalText('citizen.field.address', 300),
    pincode: z.preprocess(blankToUndefined, pincode('field.pincode').optional()),
    animalType: z.enum(REPORT_ANIMALS, says('validation.oneOf', 'citizen.field.animalType', { options: REPORT_ANIMALS.join(', ') })),
    condition: z.enum(REPORT_CONDITIONS, says('validation.oneOf', 'citizen.field.condition', { options: REPORT_CONDITIONS.join(', ') })),
    description: optionalText('citizen.field.description', 2000),
    reporterName: requiredText('citizen.field.reporterName', 100),
    reporterPhone: requiredPhone('citizen.field.reporterPhone'),
    consent: z.literal('true', says('citizen.error.consentNeeded')),
    language: z.enum(['en', 'hi']).default('en'),
    /** Messages at each milestone (docs/citizen-reports.md#notices): none unless the reporter chose a channel. */
    notices: z.preprocess(blankToUndefined, NoticeChoiceSchema),
    /** The altcha widget's answer (base64 JSON), checked by the server. */
    altcha: z.string(says('citizen.error.challenge')).min(1, says('citizen.error.challenge')).max(10_000, says('citizen.error.challenge')),
  })
  .refine((f) => (f.latitude !== undefined && f.longitude !== undefined) || (!!f.address && f.pincode !== undefined), says('citizen.error.locationNeeded'));
export type CitizenReportFields = z.infer<typeof CitizenReportFieldsSchema>;

export const PublicPageSchema = z.object({
  slug: z.string(),
  ngoName: z.string(),
  helpline: z.string().nullable(),
  message: z.string().nullable(),
  noticeVersion: z.string(),
});
export type PublicPage = z.infer<typeof PublicPageSchema>;

export const SubmittedReportSchema = z.object({
  /** The tracking page's address (/t/<token>): the token is 128 random bits and is not kept by the server in readable form. */
  trackingPath: z.string(),
  code: z.string(),
  /** The QR of the tracking link, as an SVG document. */
  qrSvg: z.string(),
});
export type SubmittedReport = z.infer<typeof SubmittedReportSchema>;

/** A comment or a photo the reporter added from the tracking page while the report was open. */
export const ReportAdditionSchema = z.object({
  id: z.number(),
  at: z.string(),
  comment: z.string().nullable(),
  /** The stored photo's name in the NGO's area; staff only (the tracking page says a photo was added). */
  photo: z.string().nullable(),
});
export type ReportAddition = z.infer<typeof ReportAdditionSchema>;

/** The text part of an addition (the photo comes as the multipart part `photo`); `code` only on the code route. */
export const ReportAdditionFieldsSchema = z.object({
  comment: optionalText('citizen.field.comment', MAX_ADDITION_COMMENT),
  code: z.string().max(20).optional(),
  language: z.enum(['en', 'hi']).default('en'),
  /** The page's key for this content: sent again with the same key, an addition is kept once. */
  sendKey: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/).optional(),
});
export type ReportAdditionFields = z.infer<typeof ReportAdditionFieldsSchema>;

export const TrackingSchema = z.object({
  ngoName: z.string(),
  helpline: z.string().nullable(),
  code: z.string(),
  milestones: z.array(z.object({ kind: z.enum(MILESTONES), at: z.string(), reason: z.string().nullable() })),
  /** The reporter asked for messages and has not stopped them: the page offers the "stop" link. */
  noticesOn: z.boolean(),
  /** The report is still open (not declined, its case not released, dead or deleted): the reporter may add to it. */
  open: z.boolean(),
  /** What the reporter added, without the photos themselves (the tracking page shows no photo). */
  additions: z.array(z.object({ at: z.string(), comment: z.string().nullable(), photo: z.boolean() })),
});
export type Tracking = z.infer<typeof TrackingSchema>;

export const TrackingCodeInputSchema = z.object({
  code: z
    .string(says('citizen.validation.code', 'citizen.field.code'))
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{8}$/, says('citizen.validation.code', 'citizen.field.code')),
});

export const TokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

// The staff's side.
export const IntakeListInputSchema = z
  .object({
    status: z.enum(REPORT_STATUSES).optional(),
    page: wholeNumberLike({ param: 'page' }, { min: 1 }).default(1),
    pageSize: wholeNumberLike({ param: 'pageSize' }, { min: 1, max: 100 }).default(30),
    /**
     * The page that holds this report instead of `page` (the map's marker opens the intake at it);
     * the answer's meta says which page that is. A report outside the list leaves `page` as asked.
     */
    around: wholeNumberLike({ param: 'around' }, { min: 1 }).optional(),
  })
  .prefault({});
export type IntakeListInput = z.infer<typeof IntakeListInputSchema>;

export const IntakeReportSchema = z.object({
  id: z.number(),
  ngoId: z.number(),
  code: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracy: z.number().nullable(),
  address: z.string().nullable(),
  pincode: z.string().nullable(),
  outsideArea: z.boolean(),
  /** Metres from the NGO's base (its runs' start), when both have a position. */
  distanceM: z.number().nullable(),
  animalType: z.string(),
  condition: z.enum(REPORT_CONDITIONS),
  description: z.string().nullable(),
  reporterName: z.string(),
  reporterPhone: z.string(),
  photos: z.array(z.string()),
  declineReason: z.string().nullable(),
  caseId: z.number().nullable(),
  /** Linked to a case that existed before it was triaged (merged as a duplicate), not one made from it. */
  merged: z.boolean(),
  /** The messages sent to the reporter at each milestone, and when. */
  notices: ReportNoticesSchema,
  /** Comments and photos the reporter added from the tracking page, oldest first. */
  additions: z.array(ReportAdditionSchema),
});
export type IntakeReport = z.infer<typeof IntakeReportSchema>;

export const IntakeListSchema = z.object({ data: z.array(IntakeReportSchema), meta: PageMetaSchema });
export type IntakeList = z.infer<typeof IntakeListSchema>;

export const AcceptReportInputSchema = z.object({
  reportId: IdSchema,
  type: z.enum(CASE_TYPES, says('validation.chooseCaseType')).default('OPD'),
  /** What the case's reporter step needs and the report may lack; prefilled from the report. */
  location: optionalText('field.location', 300),
  landmark: optionalText('field.landmark', 200),
  pincode: z.preprocess(blankToUndefined, pincode('field.pincode').optional()),
});
export type AcceptReportInput = z.infer<typeof AcceptReportInputSchema>;

/** A report of an animal already in an open case (a duplicate): linked to that case instead of making another. */
export const MergeReportInputSchema = z.object({ reportId: IdSchema, caseId: IdSchema });
export type MergeReportInput = z.infer<typeof MergeReportInputSchema>;

export const DeclineReportInputSchema = z.object({
  reportId: IdSchema,
  reason: requiredText('citizen.field.declineReason', 500),
});
export type DeclineReportInput = z.infer<typeof DeclineReportInputSchema>;

/** What reporters added to the reports linked to one case (the case's reporter step). */
export const CaseReportAdditionsInputSchema = z.object({ caseId: IdSchema });
export const CaseReportAdditionsSchema = z.array(z.object({ reportId: z.number(), code: z.string(), additions: z.array(ReportAdditionSchema) }));
export type CaseReportAdditions = z.infer<typeof CaseReportAdditionsSchema>;
