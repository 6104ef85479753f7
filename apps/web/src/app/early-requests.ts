/**
 * The requests startup-preload.js (vite.config.ts) sends for the dashboard before the app's code
 * has arrived: the session and the first page of cases, as main.tsx would ask for them once it
 * runs, which on a phone's network is long after the page has come (docs/performance/2026-11-24.md,
 * "Web, first visit (2026-11-24, morning)"). Each answer waits in `window[EARLY_REQUESTS]` under
 * its key until the first identical request of the app takes it (lib/api-client.ts). This module is
 * read by the build's config too: it imports nothing.
 */

/** Where startup-preload.js leaves its requests' answers. */
export const EARLY_REQUESTS = 'rescuedeskEarly';

/** The dashboard's list as the app opens it (no tab, search or page in the address). */
export const FIRST_DASHBOARD_LIST = { type: 'All', page: 1, pageSize: 50 } as const;

/** A request's key: an early answer is only ever taken by a request sent exactly the same way. */
export function earlyRequestKey(method: string, path: string, body: string): string {
  return `${method} ${path} ${body}`;
}
