/**
 * npm run restore -- FILE
 * Restores a backup made by `npm run backup` into DATA_DIR. Stop the server first; the current data
 * is moved aside, not deleted.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { restoreBackup } from '../modules/backup/backup';

const { positionals } = parseArgs({ allowPositionals: true });
const archive = positionals[0];
if (!archive) {
  console.error('Usage: npm run restore -- FILE');
  process.exit(2);
}
const config = loadConfig();
const running = await fetch(`http://${config.host}:${config.port}/api/health`, { signal: AbortSignal.timeout(1000) }).then(
  () => true,
  () => false,
);
if (running) {
  console.error(`A server answers on ${config.host}:${config.port}. Stop it before restoring.`);
  process.exit(1);
}
const { manifest, previous } = await restoreBackup({ archive: path.resolve(archive), dataDir: config.dataDir });
console.log(`Restored the backup of ${manifest.createdAt} into ${config.dataDir} (${manifest.images} images).`);
if (previous) console.log(`The data that was there is kept at ${previous}.`);
if (manifest.database === 'postgres') console.log('The database is PostgreSQL: restore it with pg_restore from your pg_dump file.');
