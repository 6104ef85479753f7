import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests drive Debian's Chromium; no browser is ever downloaded. Each worker starts its own
 * web server (e2e/base.ts): the real production server (built web app + API) on a throwaway data
 * directory, seeded by e2e/server.ts. Two workers use both cores of a 2-core machine; a spec file
 * runs whole on one worker, so its tests keep their order.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.test-output/playwright.json' }]],
  outputDir: 'test-results',
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
