import { z } from 'zod';
import type { CaseStep } from '../case-step-layout';
import { stepFields, stepShape, type StepShape } from '../case-steps';
import { CASE_STATUSES, CASE_TYPES, MORTALITIES } from '../option-values';
import { CASE_PERSONAL_FIELDS } from '../privacy';
import { blankToNull } from './case-options';
import { IdSchema } from './common';
import { apiParam, hasVisibleText, plainText, says, wholeNumberLike } from './formats';
import { ListInputSchema, NgoChoiceSchema, PageMetaSchema } from './list';
import { PostOpDaySchema } from './post-op-day';


/** The dashboard sends this text when no cause is set; it means "no cause". */
export const NO_CAUSE_PLACEHOLDER = 'Cause of Failure';

const CaseTypeSchema = z.preprocess((v) => (v === 'Choose' ? undefined : v), z.enum(CASE_TYPES, says('validation.chooseCaseType')));
const StatusSchema = z.enum(CASE_STATUSES, says('validation.oneOf', 'field.statusShort', { options: CASE_STATUSES.join(', ') }));
const MortalitySchema = z.enum(MORTALITIES, says('validation.oneOf', 'field.mortalityShort', { options: MORTALITIES.join(', ') }));

export const CreateCaseInputSchema = z.object({
  type: CaseTypeSchema,
  status: StatusSchema.default('Reported'),
  mortality: MortalitySchema.default('Healthy'),
  ...NgoChoiceSchema,
  /** Chosen by the client once per "Add case" (a UUID): a retried create returns the first case. */
  idempotencyKey: z
    .string(says('validation.text', apiParam('idempotencyKey')))
    .regex(/^[A-Za-z0-9_-]{8,100}$/, says('validation.idempotencyKey'))
    .optional(),
});
export type CreateCaseInput = z.infer<typeof CreateCaseInputSchema>;

export const CaseIdInputSchema = z.object({ caseId: IdSchema });
/** getCaseById takes `id`, as the observed client sends it. */
export const GetCaseInputSchema = z.object({ id: IdSchema });

export const UpdateCaseInputSchema = z.object({
  caseId: IdSchema,
  type: CaseTypeSchema.optional(),
  status: StatusSchema.optional(),
  mortality: MortalitySchema.optional(),
  causeOfFailure: z
    .preprocess(
      (v) => (v === NO_CAUSE_PLACEHOLDER || (typeof v === 'string' && !hasVisibleText(v)) ? null : v),
      plainText('field.causeOfFailure').max(500, says('validation.maxLength', 'field.causeOfFailure', { max: '500' })).nullable(),
    )
    .optional(),
});
export type UpdateCaseInput = z.infer<typeof UpdateCaseInputSchema>;

export const CaseListInputSchema = ListInputSchema.unwrap()
  .extend({
    type: z.enum(['All', ...CASE_TYPES], says('validation.oneOf', apiParam('type'), { options: ['All', ...CASE_TYPES].join(', ') })).default('All'),
    status: z.preprocess(blankToNull, StatusSchema.nullable()).optional(),
    pageSize: wholeNumberLike(apiParam('pageSize'), { min: 1, max: 100 }).default(50),
  })
  .prefault({});
export type CaseListInput = z.infer<typeof CaseListInputSchema>;

/** The reporter step cannot be saved without these (docs/product.md, "The five steps"). */
export const REQUIRED_REPORTING_FIELDS = ['reporterName', 'reporterContact', 'location', 'pincode', 'landmark', 'reportedDate', 'reportedTime'] as const;

/** A step's save request: the case id and the step's fields from the step table. */
function stepInputSchema<S extends CaseStep>(key: S) {
  return z.object({ caseId: IdSchema, ...stepShape(key) });
}

export type CaseStepInputSchema<S extends CaseStep> = ReturnType<typeof stepInputSchema<S>>;
export type CaseStepInput<S extends CaseStep> = z.infer<CaseStepInputSchema<S>>;

export const UpdateReportingDetailInputSchema = stepInputSchema('reportingDetail');
export const UpdateAnimalDetailInputSchema = stepInputSchema('animalDetail');
export const UpdateMedicalDetailInputSchema = stepInputSchema('medicalDetail');
export const UpdateOperationDetailInputSchema = stepInputSchema('operationDetail');
export const UpdatePostOperationDetailInputSchema = stepInputSchema('postOperationDetail');

/** Each step's save request schema, by step key. */
export const CASE_STEP_INPUT_SCHEMAS: { [S in CaseStep]: CaseStepInputSchema<S> } = {
  reportingDetail: UpdateReportingDetailInputSchema,
  animalDetail: UpdateAnimalDetailInputSchema,
  medicalDetail: UpdateMedicalDetailInputSchema,
  operationDetail: UpdateOperationDetailInputSchema,
  postOperationDetail: UpdatePostOperationDetailInputSchema,
};

export type ReportingDetailInput = CaseStepInput<'reportingDetail'>;
export type AnimalDetailInput = CaseStepInput<'animalDetail'>;
export type MedicalDetailInput = CaseStepInput<'medicalDetail'>;
export type OperationDetailInput = CaseStepInput<'operationDetail'>;
export type PostOperationDetailInput = CaseStepInput<'postOperationDetail'>;

type StepOutput<F> = { [K in keyof F]: F[K] extends z.ZodType<infer O> ? Exclude<O, undefined> : never } & { lastModifiedBy: string | null };

const STORED_VALUE = {
  text: z.string().nullable(),
  image: z.string().nullable(),
  number: z.number().nullable(),
  imageList: z.array(z.string()),
  userList: z.array(z.number()),
} as const;

/** A stored detail object: every field present, null when unset, lists as lists. */
function detailOf<S extends CaseStep>(key: S) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, f] of stepFields(key)) shape[name] = STORED_VALUE[f.kind];
  return z.object({ ...shape, lastModifiedBy: z.string().nullable() }) as unknown as z.ZodType<StepOutput<StepShape<S>>>;
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
  /**
   * Worked out by the server whenever a save changes the capture or the release point (never taken
   * from a request): the distance between them in whole metres (null until both are known), and
   * whether it was farther than the NGO's limit when recorded (docs/product.md#abc-programme-records).
   */
  releaseDistanceM: z.number().nullable(),
  releaseFlagged: z.boolean(),
  /** The daily post-operative log, by day number. */
  postOpDays: z.array(PostOpDaySchema),
  /** The reporter's fields sent masked to this reader (docs/privacy.md); each may be revealed, which is logged. */
  maskedFields: z.array(z.enum(CASE_PERSONAL_FIELDS)).optional(),
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
  /** The reporter step's reported date (YYYY-MM-DD), when filled. */
  reportedDate: z.string().nullable(),
  /** The name of the case's NGO (the dashboard shows it to an Admin, who sees every NGO). */
  ngoName: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** The same fields nested as the observed client's dashboard reads them. */
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

/** The deleted cases of the NGO (an Admin may narrow to one NGO), newest deletion first. */
export const DeletedCasesInputSchema = ListInputSchema.unwrap().pick({ page: true, pageSize: true, ngoId: true }).prefault({});
export type DeletedCasesInput = z.infer<typeof DeletedCasesInputSchema>;

/** A deleted case as the 'Deleted cases' view lists it: what tells it apart, and who deleted it when. */
export const DeletedCaseSchema = z.object({
  id: z.number(),
  ngoId: z.number(),
  ngoName: z.string().nullable(),
  type: z.enum(CASE_TYPES),
  status: z.enum(CASE_STATUSES),
  reporterName: z.string().nullable(),
  location: z.string().nullable(),
  uniqueID: z.string().nullable(),
  reportedDate: z.string().nullable(),
  createdAt: z.string(),
  deletedAt: z.string(),
  /** The name of the user who deleted it (null if the account is gone). */
  deletedBy: z.string().nullable(),
});
export type DeletedCase = z.infer<typeof DeletedCaseSchema>;

export const DeletedCaseListSchema = z.object({ data: z.array(DeletedCaseSchema), meta: PageMetaSchema });
export type DeletedCaseList = z.infer<typeof DeletedCaseListSchema>;

/**
 * What a fresh case form starts with (docs/product.md, "Defaults"): only fields that describe the
 * animal. Fields that record an event (dates, the outcome, vaccination, deworming, euthanized) start
 * empty, so nothing is stored that did not happen.
 */
export const FRESH_CASE_DEFAULTS = {
  animalSpecies: 'Dog',
  animalBreed: 'Indie',
  animalAge: '1-5 Yrs',
  animalTemperament: 'Scared',
  animalGender: 'Female',
  animalPregnant: 'No',
  animalCatchable: 'Yes',
  fitForSurgery: 'Yes',
  popFacility: 'In Shelter',
} as const;
