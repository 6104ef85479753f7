/**
 * npm run backup -- --out FILE
 * A consistent online backup of the SQLite database and the images, taken while the server runs.
 * Images come from DATA_DIR/images or, with S3_BUCKET set, from the bucket (downloaded; for a large
 * platform rely on the bucket's versioning and replication instead: docs/deploy.md). With
 * DATABASE_URL set, the database is backed up with pg_dump.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createBackup } from '../modules/backup/backup';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) {
  console.error('Usage: npm run backup -- --out FILE');
  process.exit(2);
}
const config = loadConfig();
const out = path.resolve(values.out);
const manifest = await createBackup({ dataDir: config.dataDir, out, postgres: Boolean(config.databaseUrl), imageStorage: config.imageStorage });
const from = config.imageStorage.kind === 's3' ? ` from the bucket ${config.imageStorage.bucket}` : '';
console.log(`Backup written to ${out}: ${manifest.database === 'sqlite' ? 'database and ' : ''}${manifest.images} images${from}.`);
if (manifest.database === 'postgres') {
  console.log('The database is PostgreSQL: back it up as well, e.g. pg_dump --format=custom --file=rescuedesk.dump "$DATABASE_URL"');
}
