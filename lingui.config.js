import { formatter } from '@lingui/format-json';

/**
 * One catalogue per language for the browser and the server (docs/decisions/008). Keys are written
 * by hand; the Vite plugin compiles each catalogue into its own chunk at build time.
 */
export default {
  locales: ['en', 'hi'],
  sourceLocale: 'en',
  catalogs: [{ path: '<rootDir>/packages/shared/src/locales/{locale}', include: ['<rootDir>/apps/web/src', '<rootDir>/packages/shared/src'] }],
  format: formatter({ style: 'minimal' }),
};
