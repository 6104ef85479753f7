/** The header a write carries with the time it was made on the device (the outbox's queued time). */
export const MADE_AT_HEADER = 'x-made-at';

/** A device's outbox keeps a write at most this long in practice; an older time is a wrong clock. */
export const MADE_AT_MAX_AGE_DAYS = 90;

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;

/**
 * The time a write was made on the device, from its X-Made-At header (an ISO 8601 UTC time).
 * 'malformed' for a value that is no such time (the write is refused). A time in the future beyond
 * the allowed clock skew, or older than MADE_AT_MAX_AGE_DAYS, comes from a wrong device clock: the
 * write is kept (refusing it would lose what was typed) and only its arrival time is recorded.
 */
export function madeAtOf(header: string | string[] | undefined, now: number, clockSkewMinutes: number): string | null | 'malformed' {
  if (header === undefined) return null;
  if (Array.isArray(header) || !ISO_UTC.test(header)) return 'malformed';
  const time = Date.parse(header);
  if (!Number.isFinite(time)) return 'malformed';
  if (time > now + clockSkewMinutes * 60_000) return null;
  if (time < now - MADE_AT_MAX_AGE_DAYS * 24 * 60 * 60_000) return null;
  return new Date(time).toISOString();
}
