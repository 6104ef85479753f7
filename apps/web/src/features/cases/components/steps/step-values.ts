import dayjs from 'dayjs';
import type { FormErrors } from '@mantine/form';
import type { MessageKey } from '@rescuedesk/shared';
import { t } from '../../../../lib/i18n/i18n';

/** Inputs on the case page are large enough to hit with a thumb. */
export const FIELD_SIZE = 'md';

/** Dates as the API stores them (YYYY-MM-DD), in the user's own time zone. */
export function today(): string {
  return dayjs().format('YYYY-MM-DD');
}

/** Times as the API stores them (hh:mm, 24-hour), in the user's own time zone. */
export function currentTime(): string {
  return dayjs().format('HH:mm');
}

/**
 * A step that was never saved is fresh: the fields that describe the animal start from the usual
 * answers (docs/product.md, "Defaults"), which the user confirms by saving the step. Once saved, it
 * shows exactly what was stored, so a field someone cleared stays clear.
 */
export function isFresh(detail: { lastModifiedBy: string | null }): boolean {
  return detail.lastModifiedBy === null;
}

/** The form's text for a stored value: '' for none, or the fresh default. */
export function textOf(value: string | number | null, fallback = ''): string {
  return value === null ? fallback : String(value);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * What to send: only the fields whose checked value differs from what is stored. An emptied field
 * is null (the API clears it); an untouched one is left out (the API keeps it), so two people editing
 * different fields of a step do not undo each other.
 */
export function changedFields<T extends Record<string, unknown>>(parsed: T, stored: Record<string, unknown>): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(parsed) as Array<keyof T & string>) {
    if (!same(parsed[key], stored[key])) changes[key] = parsed[key];
  }
  return changes;
}

/** Errors for the listed fields (field name to its label's key) that are empty, each saying the field is required. */
export function requiredErrors(values: Record<string, unknown>, required: Readonly<Record<string, MessageKey>>): FormErrors {
  const errors: FormErrors = {};
  for (const [key, labelKey] of Object.entries(required)) {
    const value = values[key];
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
      errors[key] = t('validation.required', { field: t(labelKey) });
    }
  }
  return errors;
}

/** Shared with every date picker of the app (lib/day-month-year.ts). */
export { parseDayMonthYear } from '../../../../lib/day-month-year';
