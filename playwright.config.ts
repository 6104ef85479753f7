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
  // Limits on how long a failing test may hang, not how long a passing one takes: a 2-core machine
  // running two browsers and two servers stalls now and then, and a test that passes in 9 s alone
  // has been seen to need over 30 there.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: '.test-output/playwright.json' }]],
  outputDir: 'test-results',
  use: {
    // Recording a trace of every test cost about a third of the browser tests' time (directory and
    // shell specs: 104-110 s with it, 67-74 s without; docs/performance/2026-11-29.md), and CI
    // shows the error and not the trace. To look at a failure step by step: --trace on.
    trace: 'off',
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
