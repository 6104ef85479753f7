import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { inject } from 'vitest';
import type { TestApp } from './test-app';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** An answer of the second instance: its status and JSON body. */
export interface InstanceResponse {
  statusCode: number;
  json(): unknown;
}

export interface SecondInstance {
  /** POSTs a JSON body from 127.0.0.1 (the address app.inject() reports by default), with any headers given (a session cookie). */
  post(url: string, payload: object, headers?: Record<string, string>): Promise<InstanceResponse>;
  close(): Promise<void>;
}

/**
 * Another server instance on the database of `t`: the same SQLite file (the same data folder) or
 * the same PostgreSQL database, served by the real app in a process of its own
 * (second-instance-process.ts), as a second server behind a load balancer would be. Close it
 * before `t`.
 */
export async function openSecondInstance(t: TestApp): Promise<SecondInstance> {
  const databaseUrl = t.database.dialect === 'postgres' ? await urlOfDatabase(t) : undefined;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/second-instance-process.ts', t.config.dataDir, ...(databaseUrl ? [databaseUrl] : [])], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`the second instance exited before listening:\n${output}`)));
  });
  return {
    async post(url, payload, headers = {}) {
      const response = await fetch(`http://127.0.0.1:${port}${url}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(payload) });
      const body: unknown = await response.json();
      return { statusCode: response.status, json: () => body };
    },
    async close() {
      child.stdin.end();
      await exited;
    },
  };
}

/** The URL of `t`'s PostgreSQL database: the test server's, with the database's name. */
export async function urlOfDatabase(t: TestApp): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.database.db);
  const url = new URL(inject('pgUrl'));
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
}
