import { z } from 'zod';
import { IdSchema } from './common';
import { RELEASE_THRESHOLD_BOUNDS } from './case-rules';
import { NgoPublicPageFields } from './citizen-report';
import { RetentionMonthsSchema } from './retention';
import { imageList, optionalEmail, optionalImage, optionalPhone, optionalText, optionalUrl, requiredText, wholeNumberLike } from './formats';

const NgoFields = {
  name: requiredText('field.ngoName', 200),
  darpanId: optionalText('field.darpanId', 50),
  desc: optionalText('field.ngoDesc', 4000),
  mission: optionalText('field.mission', 4000),
  helpline: optionalPhone('field.helpline'),
  altHelpline: optionalPhone('field.altHelpline'),
  facebook: optionalUrl('field.facebook'),
  linkedin: optionalUrl('field.linkedin'),
  instagram: optionalUrl('field.instagram'),
  twitter: optionalText('field.twitter', 100),
  email: optionalEmail('field.ngoEmail'),
  website: optionalUrl('field.website'),
  logo: optionalImage(),
  regCert: imageList('field.regCert'),
  panCard: imageList('field.panCard'),
  facility: imageList('field.facility', 30),
  /** How far from its capture point (metres) an animal may be released without a reason; 500 when not given. */
  releaseThresholdM: wholeNumberLike('field.releaseThresholdM', RELEASE_THRESHOLD_BOUNDS).optional(),
  /** Months a closed case's reporter data is kept (docs/privacy.md#how-long); 12 when not given. */
  retentionMonths: RetentionMonthsSchema.optional(),
  /** The public report page (issue 35, docs/citizen-reports.md). */
  ...NgoPublicPageFields,
};

/** An NGO's details as its edit form sends them: the Darpan Id may stay empty on an NGO saved without one. */
export const NgoDetailsSchema = z.object(NgoFields);

/** A new NGO must give its Darpan Id (its NGO Darpan registration, issue 15); an update may leave it out. */
export const CreateNgoInputSchema = NgoDetailsSchema.extend({ darpanId: requiredText('field.darpanId', 50) });
export type CreateNgoInput = z.infer<typeof CreateNgoInputSchema>;

export const UpdateNgoInputSchema = z.object({ ngoId: IdSchema, ...z.object(NgoFields).partial().shape });
export type UpdateNgoInput = z.infer<typeof UpdateNgoInputSchema>;

export const NgoIdInputSchema = z.object({ ngoId: IdSchema });

export const NgoSchema = z.object({
  id: z.number(),
  name: z.string(),
  darpanId: z.string().nullable(),
  desc: z.string().nullable(),
  mission: z.string().nullable(),
  helpline: z.string().nullable(),
  altHelpline: z.string().nullable(),
  facebook: z.string().nullable(),
  linkedin: z.string().nullable(),
  instagram: z.string().nullable(),
  twitter: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  logo: z.string().nullable(),
  regCert: z.array(z.string()),
  panCard: z.array(z.string()),
  facility: z.array(z.string()),
  releaseThresholdM: z.number(),
  retentionMonths: z.number(),
  publicPageEnabled: z.boolean(),
  publicSlug: z.string().nullable(),
  servicePincodes: z.array(z.string()),
  publicMessage: z.string().nullable(),
});
export type Ngo = z.infer<typeof NgoSchema>;
