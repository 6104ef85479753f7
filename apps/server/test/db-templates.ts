import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '@rescuedesk/shared';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { SQLITE_FILE_NAME, createDatabase, type Database } from '../src/db/database';
import type { NgoRow } from '../src/db/schema';
import { migrateToLatest } from '../src/db/migrate';
import { SESSION_COOKIE } from '../src/modules/auth/auth.service';
import { createNgo, createUser } from './factories';

/**
 * The databases every API test starts from, made once per run by the project's global setup
 * (docs/decisions/020): `migrated` holds the schema and nothing else; `world` also holds two NGOs
 * with one account of every role each, a platform Admin, and a signed-in session for each of them.
 * A test gets its own copy of one of them: SQLite copies the file, PostgreSQL creates a database
 * with the template as its TEMPLATE. Copies are isolated from each other exactly as freshly built
 * databases were, and the world's session cookies are valid in every copy because sessions live in
 * the database.
 */
export type TemplateName = 'migrated' | 'world';

/** Where the templates are: a SQLite file each, or a database name each on the test PostgreSQL. */
export interface DbTemplates {
  kind: 'sqlite' | 'postgres';
  migrated: string;
  world: string;
  worldData: WorldData;
}

/** A signed-in account of the template world: its id, NGO and session cookie. */
export interface WorldAccount {
  id: number;
  ngoId: number | null;
  cookie: string;
}

export interface WorldData {
  a: NgoRow;
  b: NgoRow;
  admin: WorldAccount;
  inA: Record<'Founder' | 'Manager' | 'Worker', WorldAccount>;
  inB: Record<'Founder' | 'Manager' | 'Worker', WorldAccount>;
}

/** Builds both templates, and returns where they are and how to remove them. */
export async function buildDbTemplates(kind: 'sqlite' | 'postgres', pgServerUrl?: string): Promise<{ templates: DbTemplates; dispose: () => Promise<void> }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rescuedesk-templates-'));
  const place = (name: TemplateName) =>
    kind === 'sqlite' ? { dataDir: path.join(root, name) } : { dataDir: path.join(root, name), pgName: `rd_template_${name}_${randomUUID().replaceAll('-', '').slice(0, 8)}` };
  const migrated = place('migrated');
  const world = place('world');

  if (kind === 'postgres') {
    if (!pgServerUrl) throw new Error('the PostgreSQL templates need the test server’s URL');
    await serverQuery(pgServerUrl, `CREATE DATABASE ${migrated.pgName}`);
  }
  await withDatabase(kind === 'postgres' ? databaseUrlOf(pgServerUrl!, migrated.pgName!) : undefined, migrated.dataDir, async (database) => {
    await migrateToLatest(database.db);
  });

  if (kind === 'postgres') await serverQuery(pgServerUrl!, `CREATE DATABASE ${world.pgName} TEMPLATE ${migrated.pgName}`);
  else copySqliteFile(path.join(migrated.dataDir, SQLITE_FILE_NAME), world.dataDir);
  const worldData = await withDatabase(kind === 'postgres' ? databaseUrlOf(pgServerUrl!, world.pgName!) : undefined, world.dataDir, (database) =>
    buildWorld(database, world.dataDir),
  );

  const templates: DbTemplates = {
    kind,
    migrated: kind === 'sqlite' ? path.join(migrated.dataDir, SQLITE_FILE_NAME) : migrated.pgName!,
    world: kind === 'sqlite' ? path.join(world.dataDir, SQLITE_FILE_NAME) : world.pgName!,
    worldData,
  };
  return {
    templates,
    dispose: async () => {
      if (kind === 'postgres') {
        for (const name of [world.pgName, migrated.pgName]) await serverQuery(pgServerUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Copies a closed SQLite template into dataDir as the app's database file. */
export function copySqliteFile(templateFile: string, dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.copyFileSync(templateFile, path.join(dataDir, SQLITE_FILE_NAME));
}

/** A new database on the test PostgreSQL server, copied from `template` when given, and how to drop it. */
export async function createPostgresDatabase(serverUrl: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `rd_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await serverQuery(serverUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`, template ? 10 : 0);
  return {
    url: databaseUrlOf(serverUrl, name),
    drop: () => serverQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

function databaseUrlOf(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * One statement on the server's maintenance database. CREATE DATABASE … TEMPLATE refuses while
 * another session is connected to the template (SQLSTATE 55006); nothing stays connected to ours,
 * but PostgreSQL may still be closing the builder's connections, so a few short retries.
 */
async function serverQuery(serverUrl: string, statement: string, retries = 0): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= retries) throw err;
    } finally {
      await client.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
  }
}

async function withDatabase<T>(databaseUrl: string | undefined, dataDir: string, work: (database: Database) => Promise<T>): Promise<T> {
  const database = createDatabase({ databaseUrl, dataDir, log: { error: () => {} } });
  try {
    return await work(database);
  } finally {
    // Closing SQLite checkpoints the WAL into the file, so the file alone is the whole template.
    await database.destroy();
  }
}

/** Two NGOs with one account of every role in each, plus an Admin of the platform, each signed in through the real login route. */
async function buildWorld(database: Database, dataDir: string): Promise<WorldData> {
  const { db } = database;
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  try {
    const signIn = async (role: Role, ngoId: number | null): Promise<WorldAccount> => {
      const { user, password } = await createUser(db, { role, ngoId });
      const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId: user.username, password } });
      const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
      if (response.statusCode !== 200 || !cookie) throw new Error(`login failed while building the test world: ${response.statusCode} ${response.body}`);
      return { id: user.id, ngoId, cookie: `${SESSION_COOKIE}=${cookie.value}` };
    };
    const a = await createNgo(db, 'Green Paws Trust');
    const b = await createNgo(db, 'Blue Cross Unit');
    const inNgo = async (ngoId: number) => ({
      Founder: await signIn('Founder', ngoId),
      Manager: await signIn('Manager', ngoId),
      Worker: await signIn('Worker', ngoId),
    });
    return { a, b, admin: await signIn('Admin', null), inA: await inNgo(a.id), inB: await inNgo(b.id) };
  } finally {
    await app.close();
  }
}
