import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { freePort } from '../bench/drills/lib';
import { startTileServer, type TileServer } from './tile-server';

export { expect } from '@playwright/test';

/** How long a worker's server may take to build its database and start listening. */
const SERVER_START_MS = 120_000;

/**
 * The browser tests' `test`: each Playwright worker starts its own server (e2e/server.ts, the real
 * production server on a throwaway database) and every test of that worker runs against it, so two
 * workers share no data and no login throttle, and a spec file sees only what its own worker's
 * earlier files left behind, as with one worker.
 */
export const test = base.extend<object, { workerServerUrl: string; tileServer: TileServer }>({
  // The map's tile server (docs/product.md#the-map), on this machine: no test reaches outside it.
  tileServer: [
    // Playwright's worker fixture signature: the first argument holds the fixtures this one needs (none).
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const tiles = await startTileServer();
      try {
        await use(tiles);
      } finally {
        await tiles.close();
      }
    },
    { scope: 'worker' },
  ],
  workerServerUrl: [
    async ({ tileServer }, use) => {
      const server = await startServer({ E2E_MAP_TILE_URL: tileServer.url });
      try {
        await use(server.url);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: SERVER_START_MS + 30_000 },
  ],
  baseURL: async ({ workerServerUrl }, use) => {
    await use(workerServerUrl);
  },
});

/** How long a worker fixture that starts a server may take, for a spec that starts its own (startServer). */
export const SERVER_FIXTURE_TIMEOUT_MS = SERVER_START_MS + 30_000;

/**
 * Starts e2e/server.ts on a free port with these settings added to the environment (E2E_MAP_TILE_URL,
 * E2E_NOTICE_WEBHOOK_URL), once it answers: for the worker's server, and for a spec that needs a
 * server set up differently from everyone else's.
 */
export async function startServer(env: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
    env: { ...process.env, E2E_PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilHealthy(url, server);
  } catch (err) {
    await stop(server);
    throw err;
  }
  return { url, stop: () => stop(server) };
}

async function waitUntilHealthy(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + SERVER_START_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the test server stopped with code ${server.exitCode} before it answered`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the test server did not answer at ${url} within ${SERVER_START_MS} ms`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
}
