/**
 * Prepares one database as a starting server does (migrations, then the first Admin) and exits:
 * the concurrent-start test runs several of these at once.
 *   node --import tsx apps/server/test/migrate-process.ts <data dir> [postgres url]
 */
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/database';
import { prepareDatabase } from '../src/startup';

const [dataDir, databaseUrl] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: migrate-process.ts <data dir> [postgres url]');
const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ADMIN_USERNAME: 'first-admin', ADMIN_PASSWORD: 'First-Admin-Pass-1' });
const database = createDatabase({ dataDir, databaseUrl, log: { error: () => {} } });
try {
  const result = await prepareDatabase(config, database);
  console.log(result.created ? 'created the Admin' : 'found the Admin');
} finally {
  await database.destroy();
}
