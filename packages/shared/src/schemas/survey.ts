import { z } from 'zod';
import { IdSchema } from './common';
import { dateText, numberLike, optionalImage, optionalText, pincode, requiredText, says } from './formats';
import { NgoChoiceSchema } from './list';

/**
 * Wards and coverage surveys (issue 39, docs/coverage.md). A survey and each of its sightings carry
 * the id the phone gave them, so a walk recorded offline is sent, and sent again, as the same one.
 */

/** The id a phone gives a survey or a sighting: a UUID, or any 8 to 64 letters, digits, - and _. */
export const ClientUidSchema = z
  .string(says('validation.required', 'surveys.field.uid'))
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, says('surveys.validation.uid', 'surveys.field.uid'));

const optionalPincode = z.preprocess((v) => (v === '' ? null : v), pincode('field.pincode').nullable()).optional();

const WardFields = {
  name: requiredText('surveys.field.wardName', 100),
  pincode: optionalPincode,
};

export const CreateWardInputSchema = z.object({ ...WardFields, ...NgoChoiceSchema });
export type CreateWardInput = z.infer<typeof CreateWardInputSchema>;

export const UpdateWardInputSchema = z.object({ id: IdSchema, ...z.object(WardFields).partial().shape });
export type UpdateWardInput = z.infer<typeof UpdateWardInputSchema>;

export const WardSchema = z.object({
  id: z.number(),
  ngoId: z.number(),
  name: z.string(),
  pincode: z.string().nullable(),
});
export type Ward = z.infer<typeof WardSchema>;

export const StartSurveyInputSchema = z.object({
  uid: ClientUidSchema,
  wardId: IdSchema,
  surveyDate: dateText('surveys.field.surveyDate'),
  routeNote: optionalText('surveys.field.routeNote', 500),
});
export type StartSurveyInput = z.infer<typeof StartSurveyInputSchema>;

const latitude = numberLike('surveys.field.latitude', { min: -90, max: 90 });
const longitude = numberLike('surveys.field.longitude', { min: -180, max: 180 });

export const AddSightingInputSchema = z
  .object({
    surveyUid: ClientUidSchema,
    uid: ClientUidSchema,
    notched: z.boolean(says('surveys.validation.notched', 'surveys.field.notched')),
    vaccinated: z.boolean(says('surveys.validation.notched', 'surveys.field.vaccinated')).default(false),
    latitude: latitude.nullable().optional(),
    longitude: longitude.nullable().optional(),
    accuracyM: numberLike('surveys.field.accuracy', { min: 0, max: 100_000 }).nullable().optional(),
    photo: optionalImage(),
    seenAt: z.iso.datetime({ offset: true, ...says('surveys.validation.seenAt', 'surveys.field.seenAt') }),
  })
  .refine((s) => (s.latitude == null) === (s.longitude == null), { path: ['longitude'], ...says('surveys.validation.point', 'surveys.field.longitude') });
export type AddSightingInput = z.infer<typeof AddSightingInputSchema>;

export const RemoveSightingInputSchema = z.object({ surveyUid: ClientUidSchema, uid: ClientUidSchema });
export type RemoveSightingInput = z.infer<typeof RemoveSightingInputSchema>;

export const SurveyUidInputSchema = z.object({ uid: ClientUidSchema });

export const SightingSchema = z.object({
  uid: z.string(),
  notched: z.boolean(),
  vaccinated: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracyM: z.number().nullable(),
  photo: z.string().nullable(),
  seenAt: z.string(),
});
export type Sighting = z.infer<typeof SightingSchema>;

export const SurveySchema = z.object({
  id: z.number(),
  uid: z.string(),
  ngoId: z.number(),
  wardId: z.number(),
  surveyDate: z.string(),
  routeNote: z.string().nullable(),
  surveyorName: z.string(),
  counted: z.number(),
  notched: z.number(),
  vaccinated: z.number(),
});
export type Survey = z.infer<typeof SurveySchema>;

export const SurveyDetailSchema = SurveySchema.extend({ sightings: z.array(SightingSchema) });
export type SurveyDetail = z.infer<typeof SurveyDetailSchema>;

export const IntervalSchema = z.object({ lower: z.number(), upper: z.number() });
export type Interval = z.infer<typeof IntervalSchema>;

/** Chapman's estimate of one survey (docs/coverage.md#the-estimate); null values where it cannot be made. */
export const CoverageEstimateSchema = z.object({
  /** M: dogs the NGO's own cases show sterilised and released in the ward by the survey's date. */
  marked: z.number(),
  /** C and R: dogs counted on the walk, and the notched among them. */
  counted: z.number(),
  resighted: z.number(),
  population: z.number().nullable(),
  standardError: z.number().nullable(),
  populationInterval: IntervalSchema.nullable(),
  shareSterilised: z.number().nullable(),
  shareSterilisedInterval: IntervalSchema.nullable(),
  /** Share of counted dogs wearing a vaccination collar or paint, with Wilson's interval. */
  shareVaccinated: z.number().nullable(),
  shareVaccinatedInterval: IntervalSchema.nullable(),
  /** Why the estimate should be read with care: 'fewResights' (R < 7), 'moreNotchedThanMarked' (R > M). */
  cautions: z.array(z.enum(['fewResights', 'moreNotchedThanMarked', 'nothingCounted'])),
});
export type CoverageEstimate = z.infer<typeof CoverageEstimateSchema>;

export const WardCoverageSchema = z.object({
  ward: WardSchema,
  surveys: z.array(SurveySchema.extend({ estimate: CoverageEstimateSchema })),
});
export type WardCoverage = z.infer<typeof WardCoverageSchema>;

/** The Ministry's target: at least this share of a ward's dogs sterilised and vaccinated. */
export const COVERAGE_TARGET = 0.7;
