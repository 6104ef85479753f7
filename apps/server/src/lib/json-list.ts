/** Lists of stored image names are kept as JSON text so both databases store them alike. */
export function parseList(text: string | null | undefined): string[] {
  if (!text) return [];
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export function serializeList(list: readonly string[]): string {
  return JSON.stringify(list);
}

/** Lists of user ids (a case's catching squad) are kept the same way. */
export function parseIdList(text: string | null | undefined): number[] {
  if (!text) return [];
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number' && Number.isInteger(v)) : [];
}
