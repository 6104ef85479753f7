import type { FieldChange, TimelineValue } from '@rescuedesk/shared';

/** Drops the keys whose value is undefined: absent means unchanged, while null still clears. */
export function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The names of the fields an update really changes, for the audit log (names only, never values). */
export function changedFields(current: object, input: object): string[] {
  const before = current as Record<string, unknown>;
  return Object.entries(input)
    .filter(([key, value]) => value !== undefined && key in before && JSON.stringify(value ?? null) !== JSON.stringify(before[key] ?? null))
    .map(([key]) => key);
}

/** The names of the fields a create request carries, for the audit log; the NGO choice is not a field of the record. */
export function providedFields(input: object): string[] {
  return Object.entries(input)
    .filter(([key, value]) => value !== undefined && key !== 'ngoId' && key !== 'ngoName')
    .map(([key]) => key);
}

/**
 * The fields an update really changes, each with its old and new value, for the case timeline.
 * Values are what the API shows (text, numbers, lists of file names or user ids); null for none.
 */
export function fieldChanges(current: object, input: object): FieldChange[] {
  const before = current as Record<string, unknown>;
  return Object.entries(input)
    .filter(([key, value]) => value !== undefined && key in before && JSON.stringify(value ?? null) !== JSON.stringify(before[key] ?? null))
    .map(([key, value]) => ({ field: key, from: (before[key] ?? null) as TimelineValue, to: (value ?? null) as TimelineValue }));
}
