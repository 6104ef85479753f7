/**
 * The server the browser tests run against: the real production server (built web app + API) on a
 * throwaway SQLite database, seeded with one NGO and one account of each role.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { createNgo, createUser } from '../apps/server/test/factories';
import { E2E_ACCOUNTS } from './accounts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rescuedesk-e2e-'));
const port = process.env.E2E_PORT ?? '4173';
// E2E_NOTICE_WEBHOOK_URL: notices sent by their worker to this webhook (a spec's fake provider) on
// both channels. Without it the worker stays off, as in every other spec: notices wait to be sent.
const noticeWebhook = process.env.E2E_NOTICE_WEBHOOK_URL;
const notices = noticeWebhook
  ? { NOTICE_WORKER: 'true', NOTICE_SMS_PROVIDER: 'webhook', NOTICE_WHATSAPP_PROVIDER: 'webhook', NOTICE_WEBHOOK_URL: noticeWebhook, NOTICE_WEBHOOK_SECRET: 'e2e-notice-webhook-secret-0123456789abcdef', NOTICE_PUBLIC_URL: `http://127.0.0.1:${port}` }
  : {};
const loaded = loadConfig({ DATA_DIR: dataDir, PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'test', MAP_TILE_URL: process.env.E2E_MAP_TILE_URL, ...notices });
// E2E_WEB_DIST: another build of the web app than apps/web/dist (a build made elsewhere, so that one
// being rebuilt in the working tree does not change the app under test halfway through a run).
const config = process.env.E2E_WEB_DIST ? { ...loaded, webDistDir: path.resolve(process.env.E2E_WEB_DIST) } : loaded;
const database = createDatabase({ dataDir, log: { error: (obj, msg) => console.error(msg, obj) } });
await migrateToLatest(database.db);

const ngo = await createNgo(database.db, 'Green Paws Trust');
for (const account of Object.values(E2E_ACCOUNTS)) {
  await createUser(database.db, {
    role: account.role,
    ngoId: account.role === 'Admin' ? null : ngo.id,
    username: account.username,
    email: account.email,
    name: account.name,
    password: account.password,
  });
}

const app = await buildApp({ config, database, logger: false });
await app.listen({ port: config.port, host: config.host });

const stop = async () => {
  await app.close();
  await database.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
