/**
 * Another server instance for the notice tests: the real app on a database a test app already uses,
 * in a process of its own (on SQLite, two write connections in one process would wait for each
 * other's lock on the one thread they share). It runs one round of its notice worker for each `run`
 * line on stdin and prints `ran <n>`; it ends when stdin closes.
 *   node --import tsx apps/server/test/notice-worker-process.ts <data dir> <env as JSON> [postgres url]
 */
import readline from 'node:readline';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/database';

const [dataDir, envJson, databaseUrl] = process.argv.slice(2);
if (!dataDir || !envJson) throw new Error('usage: notice-worker-process.ts <data dir> <env as JSON> [postgres url]');
const config = loadConfig({ ...(JSON.parse(envJson) as Record<string, string>), DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
const database = createDatabase({ dataDir, databaseUrl, log: { error: () => {} } });
const app = await buildApp({ config, database, logger: false });
await app.ready();
console.log('ready');

const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line.trim() === 'run') void app.noticeWorker.runOnce().then((n) => console.log(`ran ${n}`));
});
lines.on('close', () => {
  void app
    .close()
    .then(() => database.destroy())
    .then(() => process.exit(0));
});
