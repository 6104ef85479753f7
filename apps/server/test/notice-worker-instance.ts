import { spawn } from 'node:child_process';
import path from 'node:path';
import { urlOfDatabase } from './second-instance';
import type { TestApp } from './test-app';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface NoticeWorkerInstance {
  /** One round of the other instance's notice worker; answers how many notices it handled. */
  run(): Promise<number>;
  close(): Promise<void>;
}

/**
 * A second server instance on the database of `t` (the same SQLite file or PostgreSQL database), in
 * a process of its own (notice-worker-process.ts), whose notice worker the test runs round by round.
 * Close it before `t`.
 */
export async function openNoticeWorkerInstance(t: TestApp, env: Record<string, string>): Promise<NoticeWorkerInstance> {
  const databaseUrl = t.database.dialect === 'postgres' ? await urlOfDatabase(t) : undefined;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/notice-worker-process.ts', t.config.dataDir, JSON.stringify(env), ...(databaseUrl ? [databaseUrl] : [])], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let output = '';
  const waiters: { pattern: RegExp; resolve: (match: RegExpExecArray) => void }[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of [...waiters]) {
      const match = waiter.pattern.exec(output);
      if (match) {
        output = output.slice(match.index + match[0].length);
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const next = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      waiters.push({ pattern, resolve });
      onData(Buffer.alloc(0));
      void exited.then(() => reject(new Error(`the notice worker instance exited:\n${output}`)));
    });
  await next(/ready\n/);
  return {
    async run() {
      const answer = next(/ran (\d+)\n/);
      child.stdin.write('run\n');
      return Number((await answer)[1]);
    },
    async close() {
      child.stdin.end();
      await exited;
    },
  };
}
