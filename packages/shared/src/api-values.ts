/** Limits and names of the API that the reading pages need, with no zod (see option-values.ts). */

/** The largest page a list answers. */
export const MAX_PAGE_SIZE = 100;

/** Response header with the number of rows an export will send, for the browser's progress bar. */
export const EXPORT_ROWS_HEADER = 'x-export-rows';

/**
 * Why someone else ended a session (no zod: the sign-in page reads it). A request on such a session gets 401 with the reason in the
 * SESSION_ENDED_HEADER header, once; the sign-in page then says why.
 */
export const SESSION_END_REASONS = ['roleChanged', 'passwordChanged', 'twoFactorReset'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];
export const SESSION_ENDED_HEADER = 'Session-Ended';
export function isSessionEndReason(value: unknown): value is SessionEndReason {
  return (SESSION_END_REASONS as readonly unknown[]).includes(value);
}
