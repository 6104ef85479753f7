import { z } from 'zod';
import { ImageFileNameSchema } from './image';
import { says, type FieldLabel } from './say';
import { hasVisibleText, plainText } from './text';

export { apiParam, labelText, says, type ApiParam, type FieldLabel } from './say';
export { hasControlCharacter, hasVisibleText, plainText, requiredText } from './text';

/**
 * Field builders with the format checks of docs/product.md#formats-and-validation. Every message
 * names the field by the label the form shows, so an error toast says which input to fix. Messages
 * are worded when a check fails, in the language of that moment (docs/decisions/008): the browser's,
 * or on the server the request's.
 *
 * Optional fields follow one rule: absent means unchanged, and null or '' clears the value.
 */

/** An empty value, or one of invisible characters only, counts as none. */
const emptyToNull = (value: unknown) => (typeof value === 'string' && !hasVisibleText(value) ? null : value);

export function optionalText(label: FieldLabel, max = 500) {
  return z.preprocess(emptyToNull, plainText(label).max(max, says('validation.maxLength', label, { max: String(max) })).nullable()).optional();
}

/** Letters A-Z, digits, spaces and - / . #: what collars and ear tags carry, and what SQLite's upper() folds like JavaScript's. */
const COLLAR_TAG_CHARACTERS = /^[A-Za-z0-9 ./#-]+$/;

/**
 * A collar or tag number: trimmed and its inner spaces collapsed to one, so 'R  17' and 'R 17' are
 * one tag; compared without regard to case (the partial unique index of migration 009).
 */
export function collarTagText(label: FieldLabel, max = 50) {
  return z
    .preprocess(
      (value) => (typeof value === 'string' ? emptyToNull(value.replace(/\s+/g, ' ')) : value),
      z.string(says('validation.text', label)).trim().max(max, says('validation.maxLength', label, { max: String(max) })).regex(COLLAR_TAG_CHARACTERS, says('validation.collarTag', label)).nullable(),
    )
    .optional();
}

const PHONE_CHARACTERS = /^\+?[\d\s-]+$/;

function phoneText(label: FieldLabel) {
  return z
    .string(says('validation.required', label))
    .trim()
    .refine((v) => PHONE_CHARACTERS.test(v) && countDigits(v) >= 7 && countDigits(v) <= 15, says('validation.phone', label));
}

function countDigits(value: string): number {
  return value.replace(/\D/g, '').length;
}

export function requiredPhone(label: FieldLabel) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), phoneText(label));
}

export function optionalPhone(label: FieldLabel) {
  return z.preprocess(emptyToNull, phoneText(label).nullable()).optional();
}

function emailText(label: FieldLabel) {
  return z
    .string(says('validation.required', label))
    .trim()
    .max(254, says('validation.maxLength', label, { max: '254' }))
    .pipe(z.email(says('validation.email', label)));
}

export function requiredEmail(label: FieldLabel) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), emailText(label));
}

export function optionalEmail(label: FieldLabel) {
  return z.preprocess(emptyToNull, emailText(label).nullable()).optional();
}

export function optionalUrl(label: FieldLabel) {
  return z
    .preprocess(
      emptyToNull,
      z
        .string(says('validation.webAddress', label))
        .trim()
        .max(500, says('validation.maxLength', label, { max: '500' }))
        .refine(isHttpUrl, says('validation.httpUrl', label))
        .nullable(),
    )
    .optional();
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** Indian postal PIN codes: six digits, the first not zero. */
export function pincode(label: FieldLabel) {
  return z
    .string(says('validation.required', label))
    .trim()
    .regex(/^[1-9]\d{5}$/, says('validation.pincode', label));
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function dateText(label: FieldLabel) {
  const message = says('validation.date', label);
  // The pattern first, so the OpenAPI document shows it; then the calendar check (no 31 June).
  return z.string(message).trim().regex(DATE_PATTERN, message).refine(isCalendarDate, message);
}

export function timeText(label: FieldLabel) {
  return z
    .string(says('validation.time', label))
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, says('validation.time', label));
}

/**
 * The observed client sends what its inputs hold (docs/product.md#formats-and-validation), so a number may arrive as a JSON number or as plain
 * decimal text ('12', '-3', '4.5'). Nothing else is read as a number: no '+', no exponent, no
 * thousands separator, no other minus sign. The sign is always kept, so a negative value meets the
 * minimum and is refused with the field named, never turned positive.
 */
export function numberLike(label: FieldLabel, options: { min?: number; max?: number } = {}) {
  const min = options.min ?? 0;
  const max = options.max ?? 1_000_000_000;
  return z
    .union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/).transform(Number)], says('validation.number', label))
    .pipe(
      z
        .number(says('validation.number', label))
        .finite(says('validation.number', label))
        .min(min, says('validation.atLeast', label, { min: String(min) }))
        .max(max, says('validation.atMost', label, { max: String(max) }))
        // '-0' is zero; store it as such.
        .transform((n) => n + 0),
    );
}

/** A whole number from a form or a query, by the rules of numberLike (paging, counts). */
export function wholeNumberLike(label: FieldLabel, options: { min?: number; max?: number } = {}) {
  return numberLike(label, options).pipe(z.number().int(says('validation.wholeNumber', label)));
}

/** A list of stored image names; null or absent-vs-empty follow the clearing rule. */
export function imageList(label: FieldLabel, max = 20) {
  return z
    .array(ImageFileNameSchema, says('validation.imageList', label))
    .max(max, says('validation.imageListMax', label, { max: String(max) }))
    .nullable()
    .optional();
}

export function optionalImage() {
  return z.preprocess(emptyToNull, ImageFileNameSchema.nullable()).optional();
}
