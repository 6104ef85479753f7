import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createDatabase, type Database } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { SESSION_COOKIE } from '../src/modules/auth/auth.service';
import { createImageStore, type ImageStore } from '../src/modules/image/image.store';
import { createLocalBucket } from './s3-server';

declare module 'vitest' {
  export interface ProvidedContext {
    dbKind: 'sqlite' | 'postgres';
    pgUrl: string;
    s3Endpoint: string;
  }
}

/** The two image stores: the image tests run on each (docs/decisions/010). */
export const IMAGE_STORES = ['disk', 's3'] as const;
export type ImageStoreKind = (typeof IMAGE_STORES)[number];

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The app's image store, opened a second time, for tests to look inside. */
  store: ImageStore;
  /** Signs in and returns the Cookie header value to send with later requests. */
  login(loginId: string, password: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database of the project's kind (SQLite or PostgreSQL), a fresh data
 * folder, and images on the disk or, with imageStore 's3', in a fresh bucket of the local S3 server.
 */
export async function createTestApp(env: Record<string, string> = {}, options: { imageStore?: ImageStoreKind } = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rescuedesk-test-'));
  const postgres = inject('dbKind') === 'postgres' ? await createPostgresDatabase(inject('pgUrl')) : undefined;
  const s3 = options.imageStore === 's3' ? await createLocalBucket(inject('s3Endpoint')) : {};
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', ...s3, ...env });
  const database = createDatabase({ databaseUrl: postgres?.url, dataDir, log: { error: () => {} }, searchThreads: config.searchThreads });
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const store = await createImageStore(config.imageStorage);

  return {
    app,
    database,
    config,
    store,
    async login(loginId, password) {
      const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId, password } });
      if (response.statusCode !== 200) throw new Error(`login failed in test setup: ${response.statusCode} ${response.body}`);
      return sessionCookieOf(response);
    },
    async close() {
      await app.close();
      await store.close();
      await database.destroy();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie in the response');
  return `${SESSION_COOKIE}=${cookie.value}`;
}

/** A new, empty database on the test PostgreSQL server, and how to drop it. */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `rd_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
