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
  animalAge,
  blankToNull,
  choice,
  optionalDate,
  optionalNumber,
  optionalTime,
  userIdList,
} from './schemas/case-options';
import { collarTagText, imageList, numberLike, optionalEmail, optionalImage, optionalPhone, optionalText, pincode, says } from './schemas/formats';

/**
 * How a step field is stored and shown: 'text' (also dates, times and choices), 'number',
 * 'imageList' (stored image names, a JSON list in one column), 'image' (one stored image name) or
 * 'userList' (user ids, a JSON list in one column).
 */
export type StepFieldKind = 'text' | 'number' | 'imageList' | 'image' | 'userList';

export interface StepField<Column extends string = string, Kind extends StepFieldKind = StepFieldKind, Schema extends z.ZodType = z.ZodType> {
  /** The column of the cases table, written out so a column can be found back in the code. */
  column: Column;
  kind: Kind;
  /** Checks the field in a save request; every field is optional (absent keeps it, null clears it). */
  schema: Schema;
}

function field<const Column extends string, const Kind extends StepFieldKind, Schema extends z.ZodType>(column: Column, kind: Kind, schema: Schema): StepField<Column, Kind, Schema> {
  return { column, kind, schema };
}

/**
 * The five steps of the case page, in order: the one place a step or a step field is declared.
 * The server's save routes, audit actions, columns and image checks, the API schemas and the web
 * app's tabs are all read from here. Adding a field means an entry here and a migration adding its
 * column (plus the column in apps/server/src/db/schema.ts).
 */
export const CASE_STEP_TABLE = [
  {
    key: 'reportingDetail',
    label: 'Reporter Details',
    labelKey: 'step.reportingDetail',
    path: '/case/updateReportingDetail',
    modifiedByColumn: 'reporting_modified_by',
    fields: {
      reporterName: field('reporter_name', 'text', optionalText('field.reporterName', 100)),
      reporterContact: field('reporter_contact', 'text', optionalPhone('field.reporterContact')),
      reporterAltContact: field('reporter_alt_contact', 'text', optionalPhone('field.reporterAltContact')),
      reporterEmail: field('reporter_email', 'text', optionalEmail('field.reporterEmail')),
      location: field('location', 'text', optionalText('field.location', 300)),
      landmark: field('landmark', 'text', optionalText('field.landmark', 200)),
      pincode: field('pincode', 'text', z.preprocess(blankToNull, pincode('field.pincode').nullable()).optional()),
      reportedDate: field('reported_date', 'text', optionalDate('field.reportedDate')),
      reportedTime: field('reported_time', 'text', optionalTime('field.reportedTime')),
      pickupDate: field('pickup_date', 'text', optionalDate('field.pickupDate')),
      pickupTime: field('pickup_time', 'text', optionalTime('field.pickupTime')),
      consentFormImage: field('consent_form_image', 'imageList', imageList('field.consentFormImage')),
      verificationIdFrontImage: field('verification_id_front_image', 'image', optionalImage()),
      verificationIdBackImage: field('verification_id_back_image', 'image', optionalImage()),
      // ABC capture (docs/product.md#abc-programme-records): where, when and by whom the animal was caught.
      captureLatitude: field('capture_latitude', 'number', optionalNumber('field.captureLatitude', { min: -90, max: 90 })),
      captureLongitude: field('capture_longitude', 'number', optionalNumber('field.captureLongitude', { min: -180, max: 180 })),
      captureAccuracy: field('capture_accuracy', 'number', optionalNumber('field.captureAccuracy', { min: 0, max: 100_000 })),
      captureSource: field('capture_source', 'text', choice('field.captureSource', CAPTURE_SOURCES)),
      captureDate: field('capture_date', 'text', optionalDate('field.captureDate')),
      captureTime: field('capture_time', 'text', optionalTime('field.captureTime')),
      catchingSquad: field('catching_squad', 'userList', userIdList('field.catchingSquad')),
      wardZone: field('ward_zone', 'text', optionalText('field.wardZone', 100)),
    },
  },
  {
    key: 'animalDetail',
    label: 'Animal Details',
    labelKey: 'step.animalDetail',
    path: '/case/updateAnimalDetail',
    modifiedByColumn: 'animal_modified_by',
    fields: {
      uniqueID: field('unique_id', 'text', optionalText('field.uniqueID', 50)),
      animalSpecies: field('animal_species', 'text', choice('field.animalSpecies', SPECIES)),
      animalBreed: field('animal_breed', 'text', choice('field.animalBreed', BREEDS)),
      animalAge: field('animal_age', 'text', animalAge('field.animalAge')),
      animalTemperament: field('animal_temperament', 'text', choice('field.animalTemperament', TEMPERAMENTS)),
      animalGender: field('animal_gender', 'text', choice('field.animalGender', GENDERS)),
      animalPregnant: field('animal_pregnant', 'text', choice('field.animalPregnant', PREGNANT_OPTIONS)),
      animalMarking: field('animal_marking', 'text', optionalText('field.animalMarking', 300)),
      animalColor: field('animal_color', 'text', optionalText('field.animalColor', 100)),
      animalCatchable: field('animal_catchable', 'text', choice('field.animalCatchable', YES_NO)),
      animalWeight: field('animal_weight', 'number', z.preprocess(blankToNull, numberLike('field.animalWeight', { min: 0, max: 1000 }).nullable()).optional()),
      admissionReason: field('admission_reason', 'text', optionalText('field.admissionReason', 2000)),
      animalPictures: field('animal_pictures', 'imageList', imageList('field.animalPictures', 30)),
      collarTag: field('collar_tag', 'text', collarTagText('field.collarTag', 50)),
      earNotch: field('ear_notch', 'text', choice('field.earNotch', EAR_NOTCHES)),
      animalLactating: field('animal_lactating', 'text', choice('field.animalLactating', LACTATING_OPTIONS)),
    },
  },
  {
    key: 'medicalDetail',
    label: 'Medical Details',
    labelKey: 'step.medicalDetail',
    path: '/case/updateMedicalDetail',
    modifiedByColumn: 'medical_modified_by',
    fields: {
      medicalHistory: field('medical_history', 'text', optionalText('field.medicalHistory', 4000)),
      vaccinationStatus: field('vaccination_status', 'text', choice('field.vaccinationStatus', TREATMENT_STATUSES)),
      dewormed: field('dewormed', 'text', choice('field.dewormed', TREATMENT_STATUSES)),
      fitForSurgery: field('fit_for_surgery', 'text', choice('field.fitForSurgery', FIT_FOR_SURGERY)),
      otherDetails: field('other_details', 'text', optionalText('field.otherDetails', 4000)),
      admissionDate: field('admission_date', 'text', optionalDate('field.admissionDate')),
      feedingRecordImage: field('feeding_record_image', 'imageList', imageList('field.feedingRecordImage')),
      bloodReportImage: field('blood_report_image', 'imageList', imageList('field.bloodReportImage')),
      unfitReason: field('unfit_reason', 'text', choice('field.unfitReason', UNFIT_REASONS)),
      unfitNotes: field('unfit_notes', 'text', optionalText('field.unfitNotes', 2000)),
      // The anti-rabies vaccine given in this case.
      vaccineName: field('vaccine_name', 'text', optionalText('field.vaccineName', 100)),
      vaccineBatch: field('vaccine_batch', 'text', optionalText('field.vaccineBatch', 50)),
      vaccineExpiry: field('vaccine_expiry', 'text', optionalDate('field.vaccineExpiry')),
      vaccinationDate: field('vaccination_date', 'text', optionalDate('field.vaccinationDate')),
    },
  },
  {
    key: 'operationDetail',
    label: 'Operation Details',
    labelKey: 'step.operationDetail',
    path: '/case/updateOperationDetail',
    modifiedByColumn: 'operation_modified_by',
    fields: {
      vetName: field('vet_name', 'text', optionalText('field.vetName', 100)),
      operationDate: field('operation_date', 'text', optionalDate('field.operationDate')),
      operationStartTime: field('operation_start_time', 'text', optionalTime('field.operationStartTime')),
      operationEndTime: field('operation_end_time', 'text', optionalTime('field.operationEndTime')),
      operationOutcome: field('operation_outcome', 'text', choice('field.operationOutcome', OPERATION_OUTCOMES)),
      medicalPrescriptionImage: field('medical_prescription_image', 'imageList', imageList('field.medicalPrescriptionImage')),
      treatmentRecordImage: field('treatment_record_image', 'imageList', imageList('field.treatmentRecordImage')),
      organImage: field('organ_image', 'imageList', imageList('field.organImage')),
      surgeryCancelled: field('surgery_cancelled', 'text', choice('field.surgeryCancelled', YES_NO)),
      cancelReason: field('cancel_reason', 'text', optionalText('field.cancelReason', 500)),
    },
  },
  {
    key: 'postOperationDetail',
    label: 'Post Operation Details',
    labelKey: 'step.postOperationDetail',
    path: '/case/updatePostOperationDetail',
    modifiedByColumn: 'post_operation_modified_by',
    fields: {
      popComment: field('pop_comment', 'text', optionalText('field.popComment', 4000)),
      popFacility: field('pop_facility', 'text', choice('field.popFacility', POP_FACILITIES)),
      popExpectedDays: field(
        'pop_expected_days',
        'number',
        z.preprocess(blankToNull, numberLike('field.popExpectedDays', { min: 0, max: 3650 }).pipe(z.number().int(says('validation.wholeNumber', 'field.popExpectedDays'))).nullable()).optional(),
      ),
      popStartDate: field('pop_start_date', 'text', optionalDate('field.popStartDate')),
      popEndDate: field('pop_end_date', 'text', optionalDate('field.popEndDate')),
      releaseDate: field('release_date', 'text', optionalDate('field.releaseDate')),
      comments: field('comments', 'text', optionalText('field.comments', 4000)),
      popPictures: field('pop_pictures', 'imageList', imageList('field.popPictures', 30)),
      releasePictures: field('release_pictures', 'imageList', imageList('field.releasePictures', 30)),
      euthanized: field('euthanized', 'text', choice('field.euthanized', YES_NO)),
      popLocation: field('pop_location', 'text', optionalText('field.popLocation', 300)),
      // Release back where the animal was caught; the distance from the capture point is the server's.
      releaseLatitude: field('release_latitude', 'number', optionalNumber('field.releaseLatitude', { min: -90, max: 90 })),
      releaseLongitude: field('release_longitude', 'number', optionalNumber('field.releaseLongitude', { min: -180, max: 180 })),
      releaseAccuracy: field('release_accuracy', 'number', optionalNumber('field.releaseAccuracy', { min: 0, max: 100_000 })),
      releaseTime: field('release_time', 'text', optionalTime('field.releaseTime')),
      releaseOverrideReason: field('release_override_reason', 'text', optionalText('field.releaseOverrideReason', 500)),
      deathDate: field('death_date', 'text', optionalDate('field.deathDate')),
      deathTiming: field('death_timing', 'text', choice('field.deathTiming', DEATH_TIMINGS)),
      deathCause: field('death_cause', 'text', optionalText('field.deathCause', 500)),
      postMortemNotes: field('post_mortem_notes', 'text', optionalText('field.postMortemNotes', 4000)),
    },
  },
] as const;

type StepEntry = (typeof CASE_STEP_TABLE)[number];

/** 'reportingDetail', 'animalDetail', 'medicalDetail', 'operationDetail' or 'postOperationDetail'. */
export type CaseStep = StepEntry['key'];

/** One step's entry of the table, by key. */
export type CaseStepDefinition<S extends CaseStep = CaseStep> = Extract<StepEntry, { key: S }>;

type StepFieldsOf<S extends CaseStep> = CaseStepDefinition<S>['fields'];

/** A step's fields as a zod shape: field name to schema. */
export type StepShape<S extends CaseStep> = { [K in keyof StepFieldsOf<S>]: StepFieldsOf<S>[K] extends StepField<string, StepFieldKind, infer Schema> ? Schema : never };

/** Every column the table names, for the server to check against its database types. */
export type CaseStepColumn =
  | StepEntry['modifiedByColumn']
  | { [S in CaseStep]: { [K in keyof StepFieldsOf<S>]: StepFieldsOf<S>[K] extends StepField<infer Column> ? Column : never }[keyof StepFieldsOf<S>] }[CaseStep];

export const CASE_STEP_KEYS: readonly CaseStep[] = CASE_STEP_TABLE.map((step) => step.key);

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

/** A record with one entry per step, in the table's order. */
export function perStep<T>(make: (key: CaseStep) => T): Record<CaseStep, T> {
  return Object.fromEntries(CASE_STEP_KEYS.map((key) => [key, make(key)])) as Record<CaseStep, T>;
}

/** The step's zod shape, for its save request and its part of the case. */
export function stepShape<S extends CaseStep>(key: S): StepShape<S> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, definition] of stepFields(key)) shape[name] = definition.schema;
  // Built from the same entries the type maps, so the shape has exactly the mapped keys.
  return shape as StepShape<S>;
}

/** The name of a step's save call ('updateReportingDetail'): the last part of its path, and its audit action. */
export function stepAction(key: CaseStep): string {
  const { path } = caseStep(key);
  return path.slice(path.lastIndexOf('/') + 1);
}
