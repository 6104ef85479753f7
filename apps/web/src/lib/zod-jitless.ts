import { z } from 'zod';

/**
 * zod 4 probes whether it may compile fast parsers with `new Function`; the page's CSP forbids eval,
 * so the probe would show as a CSP violation in the console. Parsers run without it. Imported first
 * by main.tsx, so the setting holds before any schema parses.
 */
z.config({ jitless: true });
