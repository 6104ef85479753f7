import fs from 'node:fs';
import { formatter } from '@lingui/format-json';

const LOCALES_DIR = 'packages/shared/src/locales';

/**
 * One catalogue per language for the browser and the server (docs/decisions/008), kept in parts by
 * area (locales/<language>/<area>.json) so that several people can work on them side by side. Keys
 * are written by hand; the Vite plugin compiles each part at build time.
 */
const areas = fs
  .readdirSync(new URL(`./${LOCALES_DIR}/en`, import.meta.url))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length));

export default {
  locales: ['en', 'hi'],
  sourceLocale: 'en',
  catalogs: areas.map((area) => ({
    path: `<rootDir>/${LOCALES_DIR}/{locale}/${area}`,
    include: ['<rootDir>/apps/web/src', '<rootDir>/packages/shared/src'],
  })),
  format: formatter({ style: 'minimal' }),
};
