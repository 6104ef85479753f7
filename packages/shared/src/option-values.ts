/**
 * The stored values of the app's choices, with no zod: the pages that only read (the dashboard, a
 * list) import these without the schemas, and so never download zod (docs/performance/2026-11-24.md,
 * "Web, first visit (2026-11-24, evening)"). Their schemas are in schemas/, their labels in
 * option-labels.ts.
 */

/** A case's type, status and mortality. */
export const CASE_TYPES = ['Sterilization', 'OPD', 'IPD', 'Vaccination'] as const;
export const CASE_STATUSES = ['Reported', 'Admitted', 'Blood Test', 'Operation', 'Post Operation', 'Released'] as const;
export const MORTALITIES = ['Healthy', 'Unhealthy', 'Fatal'] as const;
export type CaseType = (typeof CASE_TYPES)[number];
export type CaseStatus = (typeof CASE_STATUSES)[number];
export type Mortality = (typeof MORTALITIES)[number];

/** The options of the case steps' choice fields (docs/product.md, "The five steps"). Stored as these English values. */
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

/** ABC programme records (docs/product.md#abc-programme-records). */
/** Where a capture or release point came from: the phone's location, a photo's GPS data, or typed in. */
export const CAPTURE_SOURCES = ['device', 'photo', 'manual'] as const;
export const EAR_NOTCHES = ['Left', 'Right', 'Not done'] as const;
export const LACTATING_OPTIONS = ['Yes', 'No', 'Not Sure'] as const;
export const UNFIT_REASONS = ['Pregnant', 'Lactating', 'Too young', 'Too old', 'Sick', 'Injured', 'Aggressive', 'Other'] as const;
export const DEATH_TIMINGS = ['Before surgery', 'After surgery'] as const;
export const WOUND_STATES = ['Clean', 'Swollen', 'Discharge', 'Open', 'Infected'] as const;
export const APPETITES = ['Good', 'Reduced', 'None'] as const;

/** The observed client cut the age to 3 characters ('5-10 Yrs' became '5-1'); those forms map back. */
export const SHORT_ANIMAL_AGES: Readonly<Record<string, (typeof ANIMAL_AGES)[number]>> = {
  '0-1': '0-1 Yrs',
  '1-5': '1-5 Yrs',
  '5-1': '5-10 Yrs',
  '10+': '10+ Yrs',
};

export const SPONSOR_TYPES = ['Vaccination', 'Sterilization', 'OPD', 'IPD', 'Adoption', 'Post Op Care', 'Other'] as const;
export type SponsorType = (typeof SPONSOR_TYPES)[number];
