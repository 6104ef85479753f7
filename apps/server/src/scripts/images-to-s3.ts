/**
 * npm run images:to-s3 [-- --from DIR]
 * Moves an existing disk image store (DATA_DIR/images, or DIR) into the S3 bucket configured by
 * S3_BUCKET and the other S3_ settings. Idempotent and resumable: run it while the server still
 * serves from the disk, then stop the server, run it again (it copies only what is new), and start
 * the server with the S3_ settings. Each object is read back and compared before it counts. The
 * files on the disk are left in place; remove them once the server runs on S3.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { copyDiskImagesToS3, rowsWithoutObject } from '../modules/backup/images-to-s3';
import { S3ImageStore } from '../modules/image/s3-image-store';

const { values } = parseArgs({ options: { from: { type: 'string' } } });
const config = loadConfig();
const storage = config.imageStorage;
if (storage.kind !== 's3') {
  console.error('Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE as needed) to name the bucket to move the images into.');
  process.exit(2);
}
const from = path.resolve(values.from ?? path.join(config.dataDir, 'images'));
const bucket = new S3ImageStore(storage);
await bucket.init();
console.log(`Copying the images in ${from} into ${bucket.description}...`);
const tty = process.stderr.isTTY;
const report = await copyDiskImagesToS3({
  from,
  to: storage,
  onProgress: (r) => {
    if (tty) process.stderr.write(`\r  ${r.copied} copied, ${r.alreadyThere} already there, ${r.failed.length} failed`);
  },
});
if (tty) process.stderr.write('\n');
for (const failure of report.failed) console.error(`  failed: ${failure.key}: ${failure.reason}`);
console.log(`${report.copied} copied and verified, ${report.alreadyThere} already in the bucket, ${report.skipped} leftovers skipped, ${report.failed.length} failed.`);

// Every image the database knows must now be in the bucket.
const database = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: { error: (o, m) => console.error(m, o) } });
const missing = await rowsWithoutObject(database.db, bucket).finally(async () => {
  await database.destroy();
  await bucket.close();
});
if (missing.length > 0) {
  console.error(`${missing.length} images of the database are not in the bucket, e.g. ${missing.slice(0, 5).join(', ')}. Run this again; if they stay missing, they are missing from ${from} too.`);
}
console.log(missing.length === 0 ? 'Every image of the database is in the bucket: start the server with the S3_ settings.' : 'Not done yet.');
process.exit(report.failed.length === 0 && missing.length === 0 ? 0 : 1);
