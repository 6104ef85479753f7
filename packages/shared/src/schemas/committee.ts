import { z } from 'zod';
import { SIGNATURE_SLOTS } from '../committee-values';
import { AbcReportInputSchema } from './report';
import { says } from './formats';

/**
 * The monitoring committee's signed monthly report (docs/reports.md#signing-the-monthly-report): each
 * version of an NGO's month is the report's canonical JSON and its SHA-256; three signers sign a version.
 */

/** A SHA-256 as 64 lowercase hex digits; a hash pasted with spaces, a prefix or in capitals is read as the same. */
export const CONTENT_HASH_PATTERN = /^[0-9a-f]{64}$/;
const contentHash = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/^sha-?256:/i, '').replace(/[\s:]/g, '').toLowerCase() : v),
  z.string(says('committee.validation.hash')).regex(CONTENT_HASH_PATTERN, says('committee.validation.hash')),
);

/** The month of an NGO (an Admin names the NGO; anyone else gets their own). The signed report is the whole NGO's: no ward filter. */
export const ReportMonthInputSchema = AbcReportInputSchema.pick({ month: true, ngoId: true });
export type ReportMonthInput = z.infer<typeof ReportMonthInputSchema>;

export const SignReportInputSchema = ReportMonthInputSchema.extend({
  slot: z.enum(SIGNATURE_SLOTS, says('committee.validation.slot')),
  /** The hash of the report the signer read: signing refuses when the figures changed meanwhile. */
  contentHash,
});
export type SignReportInput = z.infer<typeof SignReportInputSchema>;

export const ReportSignatureSchema = z.object({
  slot: z.enum(SIGNATURE_SLOTS),
  name: z.string(),
  designation: z.string(),
  signedAt: z.string(),
  contentHash: z.string(),
});
export type ReportSignature = z.infer<typeof ReportSignatureSchema>;

/** One figure that differs between two versions: its place in the report ('Ward 5 / operatedMale') and both values. */
export const ReportChangeSchema = z.object({
  path: z.string(),
  before: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  after: z.union([z.string(), z.number(), z.boolean()]).nullable(),
});
export type ReportChange = z.infer<typeof ReportChangeSchema>;

export const ReportVersionSchema = z.object({
  /** The version's public id, in the verification address /verify/<id>. */
  id: z.string(),
  version: z.number(),
  contentHash: z.string(),
  createdAt: z.string(),
  /** Signed in all three places: the month's report is served from this version. */
  locked: z.boolean(),
  signatures: z.array(ReportSignatureSchema),
  /** What changed from the version before (empty for version 1). */
  changes: z.array(ReportChangeSchema),
});
export type ReportVersion = z.infer<typeof ReportVersionSchema>;

export const ReportSigningSchema = z.object({
  month: z.string(),
  ngoId: z.number(),
  /** The hash of the report as the data stands now. */
  liveHash: z.string(),
  /** Newest first. */
  versions: z.array(ReportVersionSchema),
  /** Figures that differ between the data now and the newest version: a correction that will make a new version when signed. */
  pendingChanges: z.array(ReportChangeSchema),
});
export type ReportSigning = z.infer<typeof ReportSigningSchema>;

export const VerifyInputSchema = z.object({ id: z.uuid(says('committee.validation.verifyId')) });

/** What the public verification page shows: no personal data, only the signers' names and designations. */
export const ReportVerificationSchema = z.object({
  id: z.string(),
  ngoName: z.string(),
  month: z.string(),
  version: z.number(),
  contentHash: z.string(),
  createdAt: z.string(),
  locked: z.boolean(),
  signatures: z.array(ReportSignatureSchema.omit({ contentHash: true })),
  /** The newest version of the same month, when this one is not it. */
  supersededBy: z.object({ id: z.string(), version: z.number() }).nullable(),
});
export type ReportVerification = z.infer<typeof ReportVerificationSchema>;

export const VerifyHashInputSchema = z.object({ contentHash });
