import type { Case } from './schemas/case';

/**
 * The five steps of the case page and their fields, with no zod: what the reading pages need (a
 * step's key, label, path and columns, which fields hold lists) without building any schema. Each
 * field's checks are in case-steps.ts, keyed by the same names; the compiler holds the two tables to
 * the same steps and fields. The dashboard imports this and never downloads zod
 * (docs/performance/2026-11-24.md, "Web, first visit (2026-11-24, evening)").
 */

/**
 * How a step field is stored and shown: 'text' (also dates, times and choices), 'number',
 * 'imageList' (stored image names, a JSON list in one column), 'image' (one stored image name) or
 * 'userList' (user ids, a JSON list in one column).
 */
export type StepFieldKind = 'text' | 'number' | 'imageList' | 'image' | 'userList';

/**
 * The steps in order: the one place a step or a step field's column is declared. The server's save
 * routes, audit actions, columns and image checks, the API schemas and the web app's tabs are all
 * read from here. Adding a field means an entry here, its checks in case-steps.ts and a migration
 * adding its column (plus the column in apps/server/src/db/schema.ts).
 */
export const CASE_STEP_LAYOUT = [
  {
    key: 'reportingDetail',
    label: 'Reporter Details',
    labelKey: 'step.reportingDetail',
    path: '/case/updateReportingDetail',
    modifiedByColumn: 'reporting_modified_by',
    fields: {
      reporterName: { column: 'reporter_name', kind: 'text' },
      reporterContact: { column: 'reporter_contact', kind: 'text' },
      reporterAltContact: { column: 'reporter_alt_contact', kind: 'text' },
      reporterEmail: { column: 'reporter_email', kind: 'text' },
      location: { column: 'location', kind: 'text' },
      landmark: { column: 'landmark', kind: 'text' },
      pincode: { column: 'pincode', kind: 'text' },
      reportedDate: { column: 'reported_date', kind: 'text' },
      reportedTime: { column: 'reported_time', kind: 'text' },
      pickupDate: { column: 'pickup_date', kind: 'text' },
      pickupTime: { column: 'pickup_time', kind: 'text' },
      consentFormImage: { column: 'consent_form_image', kind: 'imageList' },
      verificationIdFrontImage: { column: 'verification_id_front_image', kind: 'image' },
      verificationIdBackImage: { column: 'verification_id_back_image', kind: 'image' },
      // Whether the privacy notice was read to a caller, and whether they agreed to be contacted about
      // the case (docs/privacy.md#notice-and-consent): 'Yes' or 'No', as the worker answered.
      privacyNoticeGiven: { column: 'privacy_notice_given', kind: 'text' },
      contactConsent: { column: 'contact_consent', kind: 'text' },
      // ABC capture (docs/product.md#abc-programme-records): where, when and by whom the animal was caught.
      captureLatitude: { column: 'capture_latitude', kind: 'number' },
      captureLongitude: { column: 'capture_longitude', kind: 'number' },
      captureAccuracy: { column: 'capture_accuracy', kind: 'number' },
      captureSource: { column: 'capture_source', kind: 'text' },
      captureDate: { column: 'capture_date', kind: 'text' },
      captureTime: { column: 'capture_time', kind: 'text' },
      catchingSquad: { column: 'catching_squad', kind: 'userList' },
      wardZone: { column: 'ward_zone', kind: 'text' },
    },
  },
  {
    key: 'animalDetail',
    label: 'Animal Details',
    labelKey: 'step.animalDetail',
    path: '/case/updateAnimalDetail',
    modifiedByColumn: 'animal_modified_by',
    fields: {
      uniqueID: { column: 'unique_id', kind: 'text' },
      animalSpecies: { column: 'animal_species', kind: 'text' },
      animalBreed: { column: 'animal_breed', kind: 'text' },
      animalAge: { column: 'animal_age', kind: 'text' },
      animalTemperament: { column: 'animal_temperament', kind: 'text' },
      animalGender: { column: 'animal_gender', kind: 'text' },
      animalPregnant: { column: 'animal_pregnant', kind: 'text' },
      animalMarking: { column: 'animal_marking', kind: 'text' },
      animalColor: { column: 'animal_color', kind: 'text' },
      animalCatchable: { column: 'animal_catchable', kind: 'text' },
      animalWeight: { column: 'animal_weight', kind: 'number' },
      admissionReason: { column: 'admission_reason', kind: 'text' },
      animalPictures: { column: 'animal_pictures', kind: 'imageList' },
      collarTag: { column: 'collar_tag', kind: 'text' },
      earNotch: { column: 'ear_notch', kind: 'text' },
      animalLactating: { column: 'animal_lactating', kind: 'text' },
    },
  },
  {
    key: 'medicalDetail',
    label: 'Medical Details',
    labelKey: 'step.medicalDetail',
    path: '/case/updateMedicalDetail',
    modifiedByColumn: 'medical_modified_by',
    fields: {
      medicalHistory: { column: 'medical_history', kind: 'text' },
      vaccinationStatus: { column: 'vaccination_status', kind: 'text' },
      dewormed: { column: 'dewormed', kind: 'text' },
      fitForSurgery: { column: 'fit_for_surgery', kind: 'text' },
      otherDetails: { column: 'other_details', kind: 'text' },
      admissionDate: { column: 'admission_date', kind: 'text' },
      feedingRecordImage: { column: 'feeding_record_image', kind: 'imageList' },
      bloodReportImage: { column: 'blood_report_image', kind: 'imageList' },
      unfitReason: { column: 'unfit_reason', kind: 'text' },
      unfitNotes: { column: 'unfit_notes', kind: 'text' },
      // The anti-rabies vaccine given in this case.
      vaccineName: { column: 'vaccine_name', kind: 'text' },
      vaccineBatch: { column: 'vaccine_batch', kind: 'text' },
      vaccineExpiry: { column: 'vaccine_expiry', kind: 'text' },
      vaccinationDate: { column: 'vaccination_date', kind: 'text' },
    },
  },
  {
    key: 'operationDetail',
    label: 'Operation Details',
    labelKey: 'step.operationDetail',
    path: '/case/updateOperationDetail',
    modifiedByColumn: 'operation_modified_by',
    fields: {
      vetName: { column: 'vet_name', kind: 'text' },
      // The vet chosen from the NGO's vet directory; null when the name was typed (vetNotInDirectory).
      vetId: { column: 'vet_id', kind: 'number' },
      operationDate: { column: 'operation_date', kind: 'text' },
      operationStartTime: { column: 'operation_start_time', kind: 'text' },
      operationEndTime: { column: 'operation_end_time', kind: 'text' },
      operationOutcome: { column: 'operation_outcome', kind: 'text' },
      medicalPrescriptionImage: { column: 'medical_prescription_image', kind: 'imageList' },
      treatmentRecordImage: { column: 'treatment_record_image', kind: 'imageList' },
      organImage: { column: 'organ_image', kind: 'imageList' },
      surgeryCancelled: { column: 'surgery_cancelled', kind: 'text' },
      cancelReason: { column: 'cancel_reason', kind: 'text' },
    },
  },
  {
    key: 'postOperationDetail',
    label: 'Post Operation Details',
    labelKey: 'step.postOperationDetail',
    path: '/case/updatePostOperationDetail',
    modifiedByColumn: 'post_operation_modified_by',
    fields: {
      popComment: { column: 'pop_comment', kind: 'text' },
      popFacility: { column: 'pop_facility', kind: 'text' },
      popExpectedDays: { column: 'pop_expected_days', kind: 'number' },
      popStartDate: { column: 'pop_start_date', kind: 'text' },
      popEndDate: { column: 'pop_end_date', kind: 'text' },
      releaseDate: { column: 'release_date', kind: 'text' },
      comments: { column: 'comments', kind: 'text' },
      popPictures: { column: 'pop_pictures', kind: 'imageList' },
      releasePictures: { column: 'release_pictures', kind: 'imageList' },
      euthanized: { column: 'euthanized', kind: 'text' },
      popLocation: { column: 'pop_location', kind: 'text' },
      // Release back where the animal was caught; the distance from the capture point is the server's.
      releaseLatitude: { column: 'release_latitude', kind: 'number' },
      releaseLongitude: { column: 'release_longitude', kind: 'number' },
      releaseAccuracy: { column: 'release_accuracy', kind: 'number' },
      releaseTime: { column: 'release_time', kind: 'text' },
      releaseOverrideReason: { column: 'release_override_reason', kind: 'text' },
      deathDate: { column: 'death_date', kind: 'text' },
      deathTiming: { column: 'death_timing', kind: 'text' },
      deathCause: { column: 'death_cause', kind: 'text' },
      postMortemNotes: { column: 'post_mortem_notes', kind: 'text' },
    },
  },
] as const;

type LayoutEntry = (typeof CASE_STEP_LAYOUT)[number];

/** 'reportingDetail', 'animalDetail', 'medicalDetail', 'operationDetail' or 'postOperationDetail'. */
export type CaseStep = LayoutEntry['key'];

/** A step's fields in the layout: field name to its column and kind. */
export type StepLayoutFields<S extends CaseStep> = Extract<LayoutEntry, { key: S }>['fields'];

export const CASE_STEP_KEYS: readonly CaseStep[] = CASE_STEP_LAYOUT.map((step) => step.key);

/** A record with one entry per step, in the table's order. */
export function perStep<T>(make: (key: CaseStep) => T): Record<CaseStep, T> {
  return Object.fromEntries(CASE_STEP_KEYS.map((key) => [key, make(key)])) as Record<CaseStep, T>;
}

/** A step's entry of the layout. */
function stepLayout(key: CaseStep): LayoutEntry {
  const step = CASE_STEP_LAYOUT.find((entry) => entry.key === key);
  if (!step) throw new Error(`Unknown case step ${key}`);
  return step;
}

/** A step with nothing recorded, as the server answers it: every field null, lists (image and user lists) empty. */
export function blankStepDetail<S extends CaseStep>(key: S): Case[S] {
  const detail: Record<string, unknown> = { lastModifiedBy: null };
  const fields: Record<string, { kind: StepFieldKind }> = stepLayout(key).fields;
  for (const [name, { kind }] of Object.entries(fields)) detail[name] = kind === 'imageList' || kind === 'userList' ? [] : null;
  return detail as Case[S];
}

/** Every step of a case with nothing recorded yet. */
export function blankStepDetails(): Pick<Case, CaseStep> {
  return perStep(blankStepDetail) as Pick<Case, CaseStep>;
}

/**
 * A vet name typed rather than chosen from the NGO's vet directory: stored as typed, with no link,
 * and marked "not in the vet directory" wherever the name is shown (step, case sheet, exports).
 * Derived from what was stored (ADR 014), never a flag of its own.
 */
export function vetNotInDirectory(detail: { vetName: string | null; vetId: number | null }): boolean {
  return detail.vetName !== null && detail.vetName.trim() !== '' && detail.vetId === null;
}

/** The name of a step's save call ('updateReportingDetail'): the last part of its path, and its audit action. */
export function stepAction(key: CaseStep): string {
  const { path } = stepLayout(key);
  return path.slice(path.lastIndexOf('/') + 1);
}
