/**
 * Migrates one database and exits: the concurrent-migration test starts two of these at once, as
 * two server instances starting together would.
 *   node --import tsx apps/server/test/migrate-process.ts <data dir> [postgres url]
 */
import { createDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';

const [dataDir, databaseUrl] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: migrate-process.ts <data dir> [postgres url]');
const database = createDatabase({ dataDir, databaseUrl, log: { error: () => {} } });
try {
  await migrateToLatest(database.db);
  console.log('migrated');
} finally {
  await database.destroy();
}
