import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createDatabase, type Database } from '../src/db/database';
import { SESSION_COOKIE } from '../src/modules/auth/auth.service';
import { createImageStore, type ImageStore } from '../src/modules/image/image.store';
import { copySqliteFile, createPostgresDatabase, type DbTemplates, type TemplateName } from './db-templates';
import { createLocalBucket } from './s3-server';
import { checkAnswersAreDocumented } from './status-recorder';

declare module 'vitest' {
  export interface ProvidedContext {
    dbKind: 'sqlite' | 'postgres';
    pgUrl: string;
    s3Endpoint: string;
    dbTemplates: DbTemplates;
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

export interface TestAppOptions {
  imageStore?: ImageStoreKind;
  /** The database to start from: the migrated schema alone (the default), or the test world (api.ts). */
  from?: TemplateName;
}

/**
 * The real app on a fresh database of the project's kind (SQLite or PostgreSQL), a fresh data
 * folder, and images on the disk or, with imageStore 's3', in a fresh bucket of the local S3 server.
 * The database is a copy of a template made once for the run (db-templates.ts), so no test pays for
 * the migrations or the accounts' password hashes.
 */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rescuedesk-test-'));
  const templates = inject('dbTemplates');
  const template = templates[options.from ?? 'migrated'];
  const postgres = inject('dbKind') === 'postgres' ? await createPostgresDatabase(inject('pgUrl'), template) : undefined;
  if (!postgres) copySqliteFile(template, dataDir);
  const s3 = options.imageStore === 's3' ? await createLocalBucket(inject('s3Endpoint')) : {};
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', ...s3, ...env });
  const database = createDatabase({ databaseUrl: postgres?.url, dataDir, log: { error: () => {} }, searchThreads: config.searchThreads });
  const app = await buildApp({ config, database, logger: false });
  // Every answer a test sees must be one its route's OpenAPI entry lists.
  checkAnswersAreDocumented(app);
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
