/**
 * Shared pieces of the reliability drills: start and stop a real server process on a throwaway
 * data directory, sign in, and send requests. Every drill talks only to 127.0.0.1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const ADMIN = { loginId: 'drill-admin', password: 'Drill-Admin-Pass-2026!' };

export interface ServerHandle {
  port: number;
  dataDir: string;
  process: ChildProcess;
  base: string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export function tempDataDir(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `rescuedesk-drill-${name}-`));
}

/** Starts the real server (the same entry point as `npm start`) and waits until it answers. */
/** `nodeArgs`: more options for the server's node (the bench's `--cpu-prof` profiles). */
export async function startServer(options: { port: number; dataDir: string; env?: Record<string, string>; nodeArgs?: string[] }): Promise<ServerHandle> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      ADMIN_USERNAME: ADMIN.loginId,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'error',
      NODE_ENV: 'test',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    const up = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { port: options.port, dataDir: options.dataDir, process: child, base };
    await delay(100);
  }
  child.kill('SIGKILL');
  throw new Error('server did not start within 60 s');
}

export function waitForExit(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface Client {
  cookie: string;
  post(path: string, body?: object): Promise<{ status: number; body: { data?: unknown; message?: string } }>;
}

/** Signs in as the drill's Admin. Sessions live in the database, so the cookie survives restarts. */
export async function signIn(base: string): Promise<Client> {
  const response = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return clientAt(base, (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '');
}

/** A client of the server at base with a session cookie got anywhere (another instance shares the sessions). */
export function clientAt(base: string, cookie: string): Client {
  return {
    cookie,
    post: async (p, body = {}) => {
      const r = await fetch(`${base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body), signal: AbortSignal.timeout(15_000) });
      return { status: r.status, body: (await r.json().catch(() => ({}))) as { data?: unknown; message?: string } };
    },
  };
}

/** Uploads a JPEG as an animal picture of the NGO, as the case page does. */
export async function uploadPhoto(base: string, client: Client, ngoId: number, jpeg: Buffer): Promise<{ status: number; body: { data?: unknown; message?: string } }> {
  const form = new FormData();
  form.set('fieldName', 'AnimalPictures');
  form.set('ngoId', String(ngoId));
  form.set('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'dog.jpg');
  const response = await fetch(`${base}/api/image/createImage`, { method: 'POST', headers: { cookie: client.cookie }, body: form, signal: AbortSignal.timeout(15_000) });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as { data?: unknown; message?: string } };
}

/** USER_HZ, 100 on every Linux we run on. */
const CLOCK_TICKS = 100;

/**
 * User + system CPU time so far of a process and every process below it, in seconds (Linux /proc;
 * undefined elsewhere): with WORKERS > 1 (the default on PostgreSQL) the requests are answered by
 * the cluster's workers, children of the process started. PostgreSQL's own processes are not the
 * server's and are not counted.
 */
export function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stats = new Map<number, { ppid: number; cpu: number }>();
    for (const name of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        // Fields after the command name (which may hold spaces, inside parentheses): ppid is the 2nd, utime and stime the 12th and 13th.
        const fields = fs.readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ');
        stats.set(Number(name), { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS });
      } catch {
        // The process ended while the list was read.
      }
    }
    if (!stats.has(pid)) return undefined;
    const tree = new Set([pid]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [child, { ppid }] of stats) {
        if (tree.has(ppid) && !tree.has(child)) {
          tree.add(child);
          grew = true;
        }
      }
    }
    let total = 0;
    for (const member of tree) total += stats.get(member)!.cpu;
    return total;
  } catch {
    return undefined;
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function argNumber(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

/** The one line each drill ends with, read by people and by the test runner. */
export function verdict(name: string, pass: boolean, figures: string): never {
  console.log(`${name}: ${pass ? 'PASS' : 'FAIL'} — ${figures}`);
  process.exit(pass ? 0 : 1);
}
