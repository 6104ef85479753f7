/** Limits and names of the API that the reading pages need, with no zod (see option-values.ts). */

/** The largest page a list answers. */
export const MAX_PAGE_SIZE = 100;

/** Response header with the number of rows an export will send, for the browser's progress bar. */
export const EXPORT_ROWS_HEADER = 'x-export-rows';
