/**
 * A second server instance for tests: the real app on a database another test app already uses,
 * listening on a free port of 127.0.0.1, until its stdin closes. It runs in a process of its own,
 * as a second instance does: on SQLite, two write connections in one process would wait for each
 * other's lock on the one thread they share.
 *   node --import tsx apps/server/test/second-instance-process.ts <data dir> [postgres url]
 * Prints `listening <port>` once it serves.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/database';

const [dataDir, databaseUrl] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: second-instance-process.ts <data dir> [postgres url]');
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
const database = createDatabase({ dataDir, databaseUrl, log: { error: () => {} } });
const app = await buildApp({ config, database, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${(app.server.address() as AddressInfo).port}`);

process.stdin.resume();
process.stdin.on('close', () => {
  void app
    .close()
    .then(() => database.destroy())
    .then(() => process.exit(0));
});
