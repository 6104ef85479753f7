import cluster, { type Worker } from 'node:cluster';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { createDatabase, type Database } from './db/database';
import { firstAdminNotice } from './modules/user/first-admin';
import { prepareDatabase } from './startup';

const SHUTDOWN_DEADLINE_MS = 10_000;
/** At most this long serving what clients already sent, before closing (see plugins/draining.ts). */
const SHUTDOWN_DRAIN_MS = 5_000;
/** The primary waits this long for its workers' own shutdowns before ending them. */
const WORKERS_DEADLINE_MS = SHUTDOWN_DEADLINE_MS + 2_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`RescueDesk did not start. ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}

function openDatabase(config: Config): Database {
  return createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: { error: (obj, msg) => console.error(msg, JSON.stringify(obj)) },
    searchThreads: config.searchThreads,
  });
}

/** Migrations and the first Admin, once per start (startup.ts), before anything serves. */
async function prepare(config: Config, database: Database): Promise<void> {
  const firstAdmin = await prepareDatabase(config, database);
  // Printed once, to the console only; a generated password never goes to the structured log.
  for (const line of firstAdminNotice(firstAdmin, config.admin)) console.log(line);
}

function address(config: Config): string {
  return `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
}

function storeName(config: Config): string {
  const db = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  return config.imageStorage.kind === 's3' ? `${db}, images in the bucket ${config.imageStorage.bucket}` : db;
}

/** One server process: builds the app, listens, and drains on SIGTERM or SIGINT before exiting. */
async function serve(config: Config, database: Database, announce: boolean): Promise<void> {
  // The search threads load while the app is built, so that the first search need not wait for them.
  const warmedUp = database.warmUp();
  const app = await buildApp({ config, database });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    app.drain
      .begin(SHUTDOWN_DRAIN_MS)
      .then(() => app.close())
      .then(() => database.destroy())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await warmedUp;
  await app.listen({ port: config.port, host: config.host });
  if (announce) console.log(`RescueDesk is running at ${address(config)} (${storeName(config)})`);
}

/**
 * WORKERS > 1: this process migrates and makes the first Admin, then forks the workers, which
 * share the port (node:cluster hands out connections). A worker that dies unexpectedly is replaced,
 * after a growing pause if they keep dying. SIGTERM or SIGINT is passed to every worker, each
 * drains as a single server does, and this process exits when all have.
 */
function supervise(config: Config): void {
  if (!config.databaseUrl) {
    // Measured: 50 concurrent step saves over 2 processes on one SQLite file had 2,057 of about
    // 3,500 refused (SQLite lets one writer in; a transaction that read before another committed cannot write).
    console.warn(`WORKERS=${config.workers} on SQLite: the processes take turns to write, and under concurrent writes some are refused (503). Keep WORKERS=1 on SQLite unless reads dominate.`);
  }
  let stopping = false;
  let announced = false;
  const alive = new Set<Worker>();
  const listened = new WeakSet<Worker>();
  const deaths: number[] = [];

  const fork = () => {
    const worker = cluster.fork();
    alive.add(worker);
    worker.on('listening', () => {
      listened.add(worker);
      const ready = [...alive].filter((w) => listened.has(w)).length;
      if (!announced && ready === config.workers) {
        announced = true;
        console.log(`RescueDesk is running at ${address(config)} (${storeName(config)}; ${config.workers} worker processes)`);
      }
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker);
    if (stopping) {
      if (alive.size === 0) process.exit(0);
      return;
    }
    if (!announced && !listened.has(worker)) {
      // A worker of the first start could not start: the configuration or the database is wrong.
      console.error(`RescueDesk did not start: a worker process exited (${signal ?? `code ${code}`}) before listening.`);
      for (const other of alive) other.process.kill('SIGKILL');
      process.exit(1);
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths.length > 0 && deaths[0]! < now - 60_000) deaths.shift();
    const pause = Math.min(10_000, 100 * 2 ** (deaths.length - 1));
    console.error(`A worker process (pid ${worker.process.pid}) exited unexpectedly (${signal ?? `code ${code}`}); starting another in ${pause} ms.`);
    setTimeout(() => {
      if (!stopping) fork();
    }, pause);
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    if (alive.size === 0) process.exit(0);
    for (const worker of alive) worker.process.kill(signal);
    setTimeout(() => {
      console.error('Worker processes took too long to stop; ending them.');
      for (const worker of alive) worker.process.kill('SIGKILL');
      process.exit(1);
    }, WORKERS_DEADLINE_MS).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  for (let i = 0; i < config.workers; i++) fork();
}

async function main(): Promise<void> {
  const config = readConfig();
  if (cluster.isWorker) return serve(config, openDatabase(config), false);

  const database = openDatabase(config);
  await prepare(config, database);
  if (config.workers === 1) return serve(config, database, true);
  await database.destroy();
  supervise(config);
}

main().catch((err: unknown) => {
  console.error('RescueDesk failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
