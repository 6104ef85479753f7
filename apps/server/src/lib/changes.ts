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
