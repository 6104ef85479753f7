/**
 * npm run restore -- FILE
 * Restores a backup made by `npm run backup` into DATA_DIR. Stop the server first; the current data
 * is moved aside, not deleted. With S3_BUCKET set, the backup's images are then put into the bucket
 * (images already there with the same content are left alone; nothing in the bucket is deleted).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { restoreBackup } from '../modules/backup/backup';
import { copyDiskImagesToS3 } from '../modules/backup/images-to-s3';

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
if (config.imageStorage.kind === 's3') {
  const report = await copyDiskImagesToS3({ from: path.join(config.dataDir, 'images'), to: config.imageStorage });
  for (const failure of report.failed) console.error(`  failed: ${failure.key}: ${failure.reason}`);
  console.log(`Images put into the bucket ${config.imageStorage.bucket}: ${report.copied} copied, ${report.alreadyThere} already there, ${report.failed.length} failed.`);
  if (report.failed.length > 0) process.exitCode = 1;
}
if (manifest.database === 'postgres') console.log('The database is PostgreSQL: restore it with pg_restore from your pg_dump file.');
