import { z } from 'zod';
import { ANIMAL_AGES, SHORT_ANIMAL_AGES } from '../option-values';
import { dateText, numberLike, says, timeText, type FieldLabel } from './formats';

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

/** An optional link to a directory record (the vet chosen from the list): its id, or null/'' when none. */
export function optionalId(label: FieldLabel) {
  const message = says('validation.wholeNumber', label);
  return z.preprocess(blankToNull, z.number(message).int(message).min(1, message).max(MAX_ID, message).nullable()).optional();
}

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
