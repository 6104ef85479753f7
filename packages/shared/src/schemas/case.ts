import { z } from 'zod';
import { IdSchema } from './common';
import { dateText, imageList, numberLike, optionalEmail, optionalImage, optionalPhone, optionalText, pincode, timeText } from './formats';
import { ListInputSchema, NgoChoiceSchema, PageMetaSchema } from './list';

export const CASE_TYPES = ['Sterilization', 'OPD', 'IPD', 'Vaccination'] as const;
export const CASE_STATUSES = ['Reported', 'Admitted', 'Blood Test', 'Operation', 'Post Operation', 'Released'] as const;
export const MORTALITIES = ['Healthy', 'Unhealthy', 'Fatal'] as const;
export type CaseType = (typeof CASE_TYPES)[number];
export type CaseStatus = (typeof CASE_STATUSES)[number];
export type Mortality = (typeof MORTALITIES)[number];

/** Section 9 of the spec. */
export const ANIMAL_AGES = ['0-1 Yrs', '1-5 Yrs', '5-10 Yrs', '10+ Yrs'] as const;
export const SPECIES = ['Dog', 'Cat', 'Bird', 'Other'] as const;
export const BREEDS = ['Indie', 'Pet', 'Other'] as const;
export const TEMPERAMENTS = ['Friendly', 'Aggressive', 'Scared', 'Other'] as const;
export const GENDERS = ['Male', 'Female', 'Other'] as const;
export const PREGNANT_OPTIONS = ['Yes', 'No', 'Not Sure'] as const;
export const YES_NO = ['Yes', 'No'] as const;
export const TREATMENT_STATUSES = ['Already Done', 'To be done in NGO', 'Not Done', 'Unsure'] as const;
export const FIT_FOR_SURGERY = ['Yes', 'No', 'Unsure'] as const;
export const OPERATION_OUTCOMES = ['Success', 'Failure', 'Complicated'] as const;
export const POP_FACILITIES = ['In Shelter', 'Not in shelter', 'On Street', 'Other'] as const;

/** The spec's client cut the age to 3 characters ('5-10 Yrs' became '5-1'); those forms map back. */
export const SHORT_ANIMAL_AGES: Readonly<Record<string, (typeof ANIMAL_AGES)[number]>> = {
  '0-1': '0-1 Yrs',
  '1-5': '1-5 Yrs',
  '5-1': '5-10 Yrs',
  '10+': '10+ Yrs',
};

/** The dashboard sends this text when no cause is set; it means "no cause". */
export const NO_CAUSE_PLACEHOLDER = 'Cause of Failure';
export const CHOOSE_TYPE_MESSAGE = 'Please choose Case Type';

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

function choice<const T extends readonly [string, ...string[]]>(label: string, options: T) {
  return z.preprocess(blankToNull, z.enum(options, { error: `${label} must be one of ${options.join(', ')}` }).nullable()).optional();
}

const optionalDate = (label: string) => z.preprocess(blankToNull, dateText(label).nullable()).optional();
const optionalTime = (label: string) => z.preprocess(blankToNull, timeText(label).nullable()).optional();

const CaseTypeSchema = z.preprocess((v) => (v === 'Choose' ? undefined : v), z.enum(CASE_TYPES, { error: CHOOSE_TYPE_MESSAGE }));
const StatusSchema = z.enum(CASE_STATUSES, { error: `Status must be one of ${CASE_STATUSES.join(', ')}` });
const MortalitySchema = z.enum(MORTALITIES, { error: `Mortality must be one of ${MORTALITIES.join(', ')}` });

export const CreateCaseInputSchema = z.object({
  type: CaseTypeSchema,
  status: StatusSchema.default('Reported'),
  mortality: MortalitySchema.default('Healthy'),
  ...NgoChoiceSchema,
  /** Chosen by the client once per "Add case" (a UUID): a retried create returns the first case. */
  idempotencyKey: z
    .string({ error: 'idempotencyKey must be text' })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'idempotencyKey must be 8 to 100 letters, digits, dashes or underscores')
    .optional(),
});
export type CreateCaseInput = z.infer<typeof CreateCaseInputSchema>;

export const CaseIdInputSchema = z.object({ caseId: IdSchema });
/** getCaseById takes `id`, as in the spec. */
export const GetCaseInputSchema = z.object({ id: IdSchema });

export const UpdateCaseInputSchema = z.object({
  caseId: IdSchema,
  type: CaseTypeSchema.optional(),
  status: StatusSchema.optional(),
  mortality: MortalitySchema.optional(),
  causeOfFailure: z
    .preprocess(
      (v) => (v === NO_CAUSE_PLACEHOLDER || (typeof v === 'string' && v.trim() === '') ? null : v),
      z.string({ error: 'Cause of Failure must be text' }).trim().max(500, 'Cause of Failure must be at most 500 characters').nullable(),
    )
    .optional(),
});
export type UpdateCaseInput = z.infer<typeof UpdateCaseInputSchema>;

export const CaseListInputSchema = ListInputSchema.unwrap()
  .extend({
    type: z.enum(['All', ...CASE_TYPES], { error: `type must be All or one of ${CASE_TYPES.join(', ')}` }).default('All'),
    status: z.preprocess(blankToNull, StatusSchema.nullable()).optional(),
    pageSize: z.coerce.number().int().min(1, 'pageSize must be at least 1').max(100, 'pageSize must be at most 100').default(50),
  })
  .prefault({});
export type CaseListInput = z.infer<typeof CaseListInputSchema>;

/** The five steps of the case page. Every field is optional: absent leaves it, null clears it. */
export const ReportingDetailFields = {
  reporterName: optionalText('Reporter Name', 100),
  reporterContact: optionalPhone('Phone Number'),
  reporterAltContact: optionalPhone('Alternate Phone Number'),
  reporterEmail: optionalEmail('Email'),
  location: optionalText('Location', 300),
  landmark: optionalText('Landmark', 200),
  pincode: z.preprocess(blankToNull, pincode('Pincode').nullable()).optional(),
  reportedDate: optionalDate('Reported Date'),
  reportedTime: optionalTime('Reported Time'),
  pickupDate: optionalDate('Pickup Date'),
  pickupTime: optionalTime('Pickup Time'),
  consentFormImage: imageList('Consent Form'),
  verificationIdFrontImage: optionalImage(),
  verificationIdBackImage: optionalImage(),
};

/** The reporter step cannot be saved without these (spec section 5). */
export const REQUIRED_REPORTING_FIELDS = ['reporterName', 'reporterContact', 'location', 'pincode', 'landmark', 'reportedDate', 'reportedTime'] as const;

export const AnimalDetailFields = {
  uniqueID: optionalText('Animal ID', 50),
  animalSpecies: choice('Species', SPECIES),
  animalBreed: choice('Breed', BREEDS),
  animalAge: z
    .preprocess((v) => (typeof v === 'string' && v in SHORT_ANIMAL_AGES ? SHORT_ANIMAL_AGES[v] : blankToNull(v)), z.enum(ANIMAL_AGES, { error: `Age must be one of ${ANIMAL_AGES.join(', ')}` }).nullable())
    .optional(),
  animalTemperament: choice('Temperament', TEMPERAMENTS),
  animalGender: choice('Gender', GENDERS),
  animalPregnant: choice('Pregnant', PREGNANT_OPTIONS),
  animalMarking: optionalText('Marking', 300),
  animalColor: optionalText('Colour', 100),
  animalCatchable: choice('Catchable', YES_NO),
  animalWeight: z.preprocess(blankToNull, numberLike('Weight', { min: 0, max: 1000 }).nullable()).optional(),
  admissionReason: optionalText('Admission Reason', 2000),
  animalPictures: imageList('Animal Pictures', 30),
};

export const MedicalDetailFields = {
  medicalHistory: optionalText('Medical History', 4000),
  vaccinationStatus: choice('Vaccination Status', TREATMENT_STATUSES),
  dewormed: choice('Dewormed', TREATMENT_STATUSES),
  fitForSurgery: choice('Fit for Surgery', FIT_FOR_SURGERY),
  otherDetails: optionalText('Other Details', 4000),
  admissionDate: optionalDate('Admission Date'),
  feedingRecordImage: imageList('Feeding Record'),
  bloodReportImage: imageList('Blood Report'),
};

export const OperationDetailFields = {
  vetName: optionalText('Vet Name', 100),
  operationDate: optionalDate('Operation Date'),
  operationStartTime: optionalTime('Operation Start Time'),
  operationEndTime: optionalTime('Operation End Time'),
  operationOutcome: choice('Operation Outcome', OPERATION_OUTCOMES),
  medicalPrescriptionImage: imageList('Medical Prescription'),
  treatmentRecordImage: imageList('Treatment Record'),
  organImage: imageList('Organ Pictures'),
};

export const PostOperationDetailFields = {
  popComment: optionalText('Post-operation Comment', 4000),
  popFacility: choice('Post-operation Facility', POP_FACILITIES),
  popExpectedDays: z.preprocess(blankToNull, numberLike('Expected Days', { min: 0, max: 3650 }).pipe(z.number().int('Expected Days must be a whole number')).nullable()).optional(),
  popStartDate: optionalDate('Post-operation Start Date'),
  popEndDate: optionalDate('Post-operation End Date'),
  releaseDate: optionalDate('Release Date'),
  comments: optionalText('Comments', 4000),
  popPictures: imageList('Post-operation Pictures', 30),
  releasePictures: imageList('Release Pictures', 30),
  euthanized: choice('Euthanized', YES_NO),
  popLocation: optionalText('Post-operation Location', 300),
};

export const UpdateReportingDetailInputSchema = z.object({ caseId: IdSchema, ...ReportingDetailFields });
export const UpdateAnimalDetailInputSchema = z.object({ caseId: IdSchema, ...AnimalDetailFields });
export const UpdateMedicalDetailInputSchema = z.object({ caseId: IdSchema, ...MedicalDetailFields });
export const UpdateOperationDetailInputSchema = z.object({ caseId: IdSchema, ...OperationDetailFields });
export const UpdatePostOperationDetailInputSchema = z.object({ caseId: IdSchema, ...PostOperationDetailFields });

export type ReportingDetailInput = z.infer<typeof UpdateReportingDetailInputSchema>;
export type AnimalDetailInput = z.infer<typeof UpdateAnimalDetailInputSchema>;
export type MedicalDetailInput = z.infer<typeof UpdateMedicalDetailInputSchema>;
export type OperationDetailInput = z.infer<typeof UpdateOperationDetailInputSchema>;
export type PostOperationDetailInput = z.infer<typeof UpdatePostOperationDetailInputSchema>;

/** Which fields of each step hold lists of images and which hold numbers; the rest are text. */
export const CASE_STEPS = {
  reportingDetail: { fields: ReportingDetailFields, lists: ['consentFormImage'], numbers: [] },
  animalDetail: { fields: AnimalDetailFields, lists: ['animalPictures'], numbers: ['animalWeight'] },
  medicalDetail: { fields: MedicalDetailFields, lists: ['feedingRecordImage', 'bloodReportImage'], numbers: [] },
  operationDetail: { fields: OperationDetailFields, lists: ['medicalPrescriptionImage', 'treatmentRecordImage', 'organImage'], numbers: [] },
  postOperationDetail: { fields: PostOperationDetailFields, lists: ['popPictures', 'releasePictures'], numbers: ['popExpectedDays'] },
} as const;
export type CaseStep = keyof typeof CASE_STEPS;

type StepOutput<F> = { [K in keyof F]: F[K] extends z.ZodType<infer O> ? Exclude<O, undefined> : never } & { lastModifiedBy: string | null };

/** A stored detail object: every field present, null when unset, lists as lists. */
function detailOf<S extends CaseStep>(step: S) {
  const { fields, lists, numbers } = CASE_STEPS[step];
  const shape: Record<string, z.ZodType> = {};
  for (const key of Object.keys(fields)) {
    shape[key] = (lists as readonly string[]).includes(key)
      ? z.array(z.string())
      : (numbers as readonly string[]).includes(key)
        ? z.number().nullable()
        : z.string().nullable();
  }
  return z.object({ ...shape, lastModifiedBy: z.string().nullable() }) as unknown as z.ZodType<StepOutput<(typeof CASE_STEPS)[S]['fields']>>;
}

export const CaseSchema = z.object({
  id: z.number(),
  ngoId: z.number(),
  type: z.enum(CASE_TYPES),
  status: z.enum(CASE_STATUSES),
  mortality: z.enum(MORTALITIES),
  causeOfFailure: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  reportingDetail: detailOf('reportingDetail'),
  animalDetail: detailOf('animalDetail'),
  medicalDetail: detailOf('medicalDetail'),
  operationDetail: detailOf('operationDetail'),
  postOperationDetail: detailOf('postOperationDetail'),
});
export type Case = z.infer<typeof CaseSchema>;

export const CaseListItemSchema = z.object({
  id: z.number(),
  ngoId: z.number(),
  type: z.enum(CASE_TYPES),
  status: z.enum(CASE_STATUSES),
  mortality: z.enum(MORTALITIES),
  causeOfFailure: z.string().nullable(),
  reporterName: z.string().nullable(),
  location: z.string().nullable(),
  landmark: z.string().nullable(),
  pincode: z.string().nullable(),
  uniqueID: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** The same fields nested as the spec's dashboard reads them. */
  reportingDetail: z.object({ reporterName: z.string().nullable(), location: z.string().nullable(), landmark: z.string().nullable(), pincode: z.string().nullable() }),
});
export type CaseListItem = z.infer<typeof CaseListItemSchema>;

export const StatusCountsSchema = z.object({
  total: z.number(),
  Reported: z.number(),
  Admitted: z.number(),
  'Blood Test': z.number(),
  Operation: z.number(),
  'Post Operation': z.number(),
  Released: z.number(),
});
export type StatusCounts = z.infer<typeof StatusCountsSchema>;

export const CaseListSchema = z.object({
  data: z.array(CaseListItemSchema),
  meta: PageMetaSchema.extend({ counts: StatusCountsSchema }),
});
export type CaseList = z.infer<typeof CaseListSchema>;

export const CreatedCaseSchema = z.object({ id: z.number(), ngoId: z.number() });

/** Section 4 of the spec: what a fresh case form starts with (dates today, times now). */
export const FRESH_CASE_DEFAULTS = {
  animalSpecies: 'Dog',
  animalBreed: 'Indie',
  animalAge: '1-5 Yrs',
  animalTemperament: 'Scared',
  animalGender: 'Female',
  animalPregnant: 'No',
  animalCatchable: 'Yes',
  vaccinationStatus: 'Already Done',
  dewormed: 'Already Done',
  fitForSurgery: 'Yes',
  operationOutcome: 'Success',
  popFacility: 'In Shelter',
  euthanized: 'No',
} as const;
