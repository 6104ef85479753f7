import { z } from 'zod';
import {
  BREEDS,
  CAPTURE_SOURCES,
  DEATH_TIMINGS,
  EAR_NOTCHES,
  FIT_FOR_SURGERY,
  GENDERS,
  LACTATING_OPTIONS,
  OPERATION_OUTCOMES,
  POP_FACILITIES,
  PREGNANT_OPTIONS,
  SPECIES,
  TEMPERAMENTS,
  TREATMENT_STATUSES,
  UNFIT_REASONS,
  YES_NO,
} from './option-values';
import { animalAge, blankToNull, choice, optionalDate, optionalId, optionalNumber, optionalTime, userIdList } from './schemas/case-options';
import { CASE_STEP_LAYOUT, type CaseStep, type StepFieldKind, type StepLayoutFields } from './case-step-layout';
import { collarTagText, imageList, numberLike, optionalEmail, optionalImage, optionalPhone, optionalText, pincode, says } from './schemas/formats';

/** A step field: its column and kind from the layout, and the checks of a save request. */
export interface StepField<Column extends string = string, Kind extends StepFieldKind = StepFieldKind, Schema extends z.ZodType = z.ZodType> {
  /** The column of the cases table, written out so a column can be found back in the code. */
  column: Column;
  kind: Kind;
  /** Checks the field in a save request; every field is optional (absent keeps it, null clears it). */
  schema: Schema;
}

/** Every field of every step of the layout, and no other, with its checks. */
type FieldSchemas = { [S in CaseStep]: { [K in keyof StepLayoutFields<S>]: z.ZodType } };

/**
 * Each step field's checks, by step and field name as the layout (case-step-layout.ts) declares them:
 * a field missing here, or one the layout does not have, fails to compile.
 */
const FIELD_SCHEMAS = {
  reportingDetail: {
    reporterName: optionalText('field.reporterName', 100),
    reporterContact: optionalPhone('field.reporterContact'),
    reporterAltContact: optionalPhone('field.reporterAltContact'),
    reporterEmail: optionalEmail('field.reporterEmail'),
    location: optionalText('field.location', 300),
    landmark: optionalText('field.landmark', 200),
    pincode: z.preprocess(blankToNull, pincode('field.pincode').nullable()).optional(),
    reportedDate: optionalDate('field.reportedDate'),
    reportedTime: optionalTime('field.reportedTime'),
    pickupDate: optionalDate('field.pickupDate'),
    pickupTime: optionalTime('field.pickupTime'),
    consentFormImage: imageList('field.consentFormImage'),
    verificationIdFrontImage: optionalImage(),
    verificationIdBackImage: optionalImage(),
    privacyNoticeGiven: choice('field.privacyNoticeGiven', YES_NO),
    contactConsent: choice('field.contactConsent', YES_NO),
    captureLatitude: optionalNumber('field.captureLatitude', { min: -90, max: 90 }),
    captureLongitude: optionalNumber('field.captureLongitude', { min: -180, max: 180 }),
    captureAccuracy: optionalNumber('field.captureAccuracy', { min: 0, max: 100_000 }),
    captureSource: choice('field.captureSource', CAPTURE_SOURCES),
    captureDate: optionalDate('field.captureDate'),
    captureTime: optionalTime('field.captureTime'),
    catchingSquad: userIdList('field.catchingSquad'),
    wardZone: optionalText('field.wardZone', 100),
  },
  animalDetail: {
    uniqueID: optionalText('field.uniqueID', 50),
    animalSpecies: choice('field.animalSpecies', SPECIES),
    animalBreed: choice('field.animalBreed', BREEDS),
    animalAge: animalAge('field.animalAge'),
    animalTemperament: choice('field.animalTemperament', TEMPERAMENTS),
    animalGender: choice('field.animalGender', GENDERS),
    animalPregnant: choice('field.animalPregnant', PREGNANT_OPTIONS),
    animalMarking: optionalText('field.animalMarking', 300),
    animalColor: optionalText('field.animalColor', 100),
    animalCatchable: choice('field.animalCatchable', YES_NO),
    animalWeight: z.preprocess(blankToNull, numberLike('field.animalWeight', { min: 0, max: 1000 }).nullable()).optional(),
    admissionReason: optionalText('field.admissionReason', 2000),
    animalPictures: imageList('field.animalPictures', 30),
    collarTag: collarTagText('field.collarTag', 50),
    earNotch: choice('field.earNotch', EAR_NOTCHES),
    animalLactating: choice('field.animalLactating', LACTATING_OPTIONS),
  },
  medicalDetail: {
    medicalHistory: optionalText('field.medicalHistory', 4000),
    vaccinationStatus: choice('field.vaccinationStatus', TREATMENT_STATUSES),
    dewormed: choice('field.dewormed', TREATMENT_STATUSES),
    fitForSurgery: choice('field.fitForSurgery', FIT_FOR_SURGERY),
    otherDetails: optionalText('field.otherDetails', 4000),
    admissionDate: optionalDate('field.admissionDate'),
    feedingRecordImage: imageList('field.feedingRecordImage'),
    bloodReportImage: imageList('field.bloodReportImage'),
    unfitReason: choice('field.unfitReason', UNFIT_REASONS),
    unfitNotes: optionalText('field.unfitNotes', 2000),
    vaccineName: optionalText('field.vaccineName', 100),
    vaccineBatch: optionalText('field.vaccineBatch', 50),
    vaccineExpiry: optionalDate('field.vaccineExpiry'),
    vaccinationDate: optionalDate('field.vaccinationDate'),
  },
  operationDetail: {
    vetName: optionalText('field.vetName', 100),
    vetId: optionalId('field.vetId'),
    operationDate: optionalDate('field.operationDate'),
    operationStartTime: optionalTime('field.operationStartTime'),
    operationEndTime: optionalTime('field.operationEndTime'),
    operationOutcome: choice('field.operationOutcome', OPERATION_OUTCOMES),
    medicalPrescriptionImage: imageList('field.medicalPrescriptionImage'),
    treatmentRecordImage: imageList('field.treatmentRecordImage'),
    organImage: imageList('field.organImage'),
    surgeryCancelled: choice('field.surgeryCancelled', YES_NO),
    cancelReason: optionalText('field.cancelReason', 500),
  },
  postOperationDetail: {
    popComment: optionalText('field.popComment', 4000),
    popFacility: choice('field.popFacility', POP_FACILITIES),
    // Post-operative care is counted in days or weeks: a year is more than any recovery takes.
    popExpectedDays: z.preprocess(blankToNull, numberLike('field.popExpectedDays', { min: 0, max: 365 }).pipe(z.number().int(says('validation.wholeNumber', 'field.popExpectedDays'))).nullable()).optional(),
    popStartDate: optionalDate('field.popStartDate'),
    popEndDate: optionalDate('field.popEndDate'),
    releaseDate: optionalDate('field.releaseDate'),
    comments: optionalText('field.comments', 4000),
    popPictures: imageList('field.popPictures', 30),
    releasePictures: imageList('field.releasePictures', 30),
    euthanized: choice('field.euthanized', YES_NO),
    popLocation: optionalText('field.popLocation', 300),
    releaseLatitude: optionalNumber('field.releaseLatitude', { min: -90, max: 90 }),
    releaseLongitude: optionalNumber('field.releaseLongitude', { min: -180, max: 180 }),
    releaseAccuracy: optionalNumber('field.releaseAccuracy', { min: 0, max: 100_000 }),
    releaseTime: optionalTime('field.releaseTime'),
    releaseOverrideReason: optionalText('field.releaseOverrideReason', 500),
    deathDate: optionalDate('field.deathDate'),
    deathTiming: choice('field.deathTiming', DEATH_TIMINGS),
    deathCause: optionalText('field.deathCause', 500),
    postMortemNotes: optionalText('field.postMortemNotes', 4000),
  },
} satisfies FieldSchemas;

type LayoutOf = { [E in (typeof CASE_STEP_LAYOUT)[number] as E['key']]: E };
type Schemas = typeof FIELD_SCHEMAS;

type SchemaOf<S extends CaseStep, K> = K extends keyof Schemas[S] ? (Schemas[S][K] extends z.ZodType ? Schemas[S][K] : never) : never;

/** A layout field joined with its checks. */
type FieldOf<S extends CaseStep, K extends keyof LayoutOf[S]['fields']> =
  LayoutOf[S]['fields'][K] extends { column: infer Column extends string; kind: infer Kind extends StepFieldKind }
    ? StepField<Column, Kind, SchemaOf<S, K>>
    : never;

type TableOf = { [S in CaseStep]: Omit<LayoutOf[S], 'fields'> & { readonly fields: { readonly [K in keyof LayoutOf[S]['fields']]: FieldOf<S, K> } } };

/** One step's entry of the table, by key: its layout with each field's checks. */
export type CaseStepDefinition<S extends CaseStep = CaseStep> = TableOf[S];

/**
 * The five steps of the case page, in order, with each field's column, kind and checks: the layout
 * of case-step-layout.ts joined with FIELD_SCHEMAS.
 */
export const CASE_STEP_TABLE: ReadonlyArray<CaseStepDefinition> = CASE_STEP_LAYOUT.map((step) => ({
  ...step,
  fields: Object.fromEntries(
    Object.entries(step.fields).map(([name, layout]) => [name, { ...layout, schema: (FIELD_SCHEMAS[step.key] as Record<string, z.ZodType>)[name] }]),
  ),
})) as unknown as ReadonlyArray<CaseStepDefinition>;

/** A step's fields as a zod shape: field name to schema. */
export type StepShape<S extends CaseStep> = Schemas[S];

/** Every column the table names, for the server to check against its database types. */
export type CaseStepColumn =
  | (typeof CASE_STEP_LAYOUT)[number]['modifiedByColumn']
  | { [S in CaseStep]: { [K in keyof LayoutOf[S]['fields']]: LayoutOf[S]['fields'][K] extends { column: infer Column extends string } ? Column : never }[keyof LayoutOf[S]['fields']] }[CaseStep];

/** A step's entry of the table. */
export function caseStep<S extends CaseStep>(key: S): CaseStepDefinition<S> {
  const found = CASE_STEP_TABLE.find((step): step is CaseStepDefinition<S> => step.key === key);
  if (!found) throw new Error(`Unknown case step ${key}`);
  return found;
}

/** A step's fields as [name, definition] pairs, in the table's order. */
export function stepFields(key: CaseStep): ReadonlyArray<readonly [string, StepField<CaseStepColumn>]> {
  const fields: CaseStepDefinition['fields'] = caseStep(key).fields;
  return Object.entries(fields);
}

/** The step's zod shape, for its save request and its part of the case. */
export function stepShape<S extends CaseStep>(key: S): StepShape<S> {
  return FIELD_SCHEMAS[key];
}
