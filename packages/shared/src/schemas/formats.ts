import { z } from 'zod';
import { ImageFileNameSchema } from './image';

/**
 * Field builders with the format checks of decisions.md. Every message names the field by the
 * label the form shows, so an error toast says which input to fix.
 *
 * Optional fields follow one rule: absent means unchanged, and null or '' clears the value.
 */
const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

export function requiredText(label: string, max = 200) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

export function optionalText(label: string, max = 500) {
  return z
    .preprocess(emptyToNull, z.string({ error: `${label} must be text` }).trim().max(max, `${label} must be at most ${max} characters`).nullable())
    .optional();
}

const PHONE_CHARACTERS = /^\+?[\d\s-]+$/;

function phoneText(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .refine((v) => PHONE_CHARACTERS.test(v) && countDigits(v) >= 7 && countDigits(v) <= 15, {
      message: `${label} must be a phone number of 7 to 15 digits`,
    });
}

function countDigits(value: string): number {
  return value.replace(/\D/g, '').length;
}

export function requiredPhone(label: string) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), phoneText(label));
}

export function optionalPhone(label: string) {
  return z.preprocess(emptyToNull, phoneText(label).nullable()).optional();
}

function emailText(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .max(254, `${label} must be at most 254 characters`)
    .pipe(z.email({ error: `${label} must be a valid email address` }));
}

export function requiredEmail(label: string) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), emailText(label));
}

export function optionalEmail(label: string) {
  return z.preprocess(emptyToNull, emailText(label).nullable()).optional();
}

export function optionalUrl(label: string) {
  return z
    .preprocess(
      emptyToNull,
      z
        .string({ error: `${label} must be a web address` })
        .trim()
        .max(500, `${label} must be at most 500 characters`)
        .refine(isHttpUrl, { message: `${label} must be a web address starting with http:// or https://` })
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
export function pincode(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^[1-9]\d{5}$/, `${label} must be 6 digits`);
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function dateText(label: string) {
  const message = `${label} must be a date (YYYY-MM-DD)`;
  // The pattern first, so the OpenAPI document shows it; then the calendar check (no 31 June).
  return z.string({ error: message }).trim().regex(DATE_PATTERN, message).refine(isCalendarDate, { message });
}

export function timeText(label: string) {
  return z
    .string({ error: `${label} must be a time (hh:mm)` })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time (hh:mm)`);
}

/**
 * The spec's client sends what its inputs hold, so a number may arrive as a JSON number or as plain
 * decimal text ('12', '-3', '4.5'). Nothing else is read as a number: no '+', no exponent, no
 * thousands separator, no other minus sign. The sign is always kept, so a negative value meets the
 * minimum and is refused with the field named, never turned positive.
 */
export function numberLike(label: string, options: { min?: number; max?: number } = {}) {
  const min = options.min ?? 0;
  const max = options.max ?? 1_000_000_000;
  return z
    .union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/).transform(Number)], { error: `${label} must be a number` })
    .pipe(
      z
        .number({ error: `${label} must be a number` })
        .finite(`${label} must be a number`)
        .min(min, `${label} must be at least ${min}`)
        .max(max, `${label} must be at most ${max}`)
        // '-0' is zero; store it as such.
        .transform((n) => n + 0),
    );
}

/** A whole number from a form or a query, by the rules of numberLike (paging, counts). */
export function wholeNumberLike(label: string, options: { min?: number; max?: number } = {}) {
  return numberLike(label, options).pipe(z.number().int(`${label} must be a whole number`));
}

/** A list of stored image names; null or absent-vs-empty follow the clearing rule. */
export function imageList(label: string, max = 20) {
  return z
    .array(ImageFileNameSchema, { error: `${label} must be a list of uploaded images` })
    .max(max, `${label} can hold at most ${max} images`)
    .nullable()
    .optional();
}

export function optionalImage() {
  return z.preprocess(emptyToNull, ImageFileNameSchema.nullable()).optional();
}
