/** All stored times are ISO-8601 UTC strings of one fixed width, so they sort and compare as text. */
export function nowIso(): string {
  return new Date().toISOString();
}

export function isoFromNow(ms: number): string {
  return new Date(Date.now() + ms).toISOString();
}
