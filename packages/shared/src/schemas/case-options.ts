import { z } from 'zod';
import { dateText, numberLike, says, timeText, type FieldLabel } from './formats';

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

export const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** An optional choice: one of the options, or null/'' to clear. */
export function choice<const T extends readonly [string, ...string[]]>(label: FieldLabel, options: T) {
  return z.preprocess(blankToNull, z.enum(options, says('validation.oneOf', label, { options: options.join(', ') })).nullable()).optional();
}

export const optionalDate = (label: FieldLabel) => z.preprocess(blankToNull, dateText(label).nullable()).optional();
export const optionalTime = (label: FieldLabel) => z.preprocess(blankToNull, timeText(label).nullable()).optional();

/** The animal's age: a full option, or one of the 3-character forms the observed client sent. */
export function animalAge(label: FieldLabel) {
  return z
    .preprocess(
      (v) => (typeof v === 'string' && v in SHORT_ANIMAL_AGES ? SHORT_ANIMAL_AGES[v] : blankToNull(v)),
      z.enum(ANIMAL_AGES, says('validation.oneOf', label, { options: ANIMAL_AGES.join(', ') })).nullable(),
    )
    .optional();
}

/** An optional number within bounds (a JSON number or numeric text, as numberLike reads it); null or '' clears. */
export function optionalNumber(label: FieldLabel, options: { min: number; max: number }) {
  return z.preprocess(blankToNull, numberLike(label, options).nullable()).optional();
}

/** A number with at most one decimal place (a temperature read off a thermometer: 38.5). */
export function oneDecimal(label: FieldLabel, options: { min: number; max: number }) {
  return z
    .preprocess(
      blankToNull,
      numberLike(label, options)
        .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, says('validation.oneDecimal', label))
        .nullable(),
    )
    .optional();
}

const MAX_ID = 2_147_483_647;

/** A list of user ids (the catching squad): each id once, in the order given; null or [] clears. */
export function userIdList(label: FieldLabel, max = 20) {
  const message = says('validation.userList', label);
  const id = z.union([z.number(message).int(message).min(1, message).max(MAX_ID, message), z.string(message).trim().regex(/^\d{1,10}$/, message).transform(Number).pipe(z.number().min(1, message).max(MAX_ID, message))], message);
  return z
    .array(id, says('validation.userList', label))
    .max(max, says('validation.userListMax', label, { max: String(max) }))
    .transform((ids) => [...new Set(ids)])
    .nullable()
    .optional();
}
