import { z } from 'zod';

/**
 * zod 4 probes whether it may compile fast parsers with `new Function`; the page's CSP forbids eval,
 * so the probe would show as a CSP violation in the console. Parsers run without it.
 *
 * The build hands this module to every import of 'zod' in the web app (vite.config.ts, zodJitless),
 * so the setting holds before any schema is built, in whichever chunk zod first arrives.
 */
z.config({ jitless: true });

export * from 'zod';
export { z as default } from 'zod';
