import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { IMAGE_FILE_NAME_PATTERN } from '@rescuedesk/shared';
import type { Kysely } from 'kysely';
import type { ImageStorageConfig } from '../../config';
import type { DB } from '../../db/schema';
import { CONTENT_TYPES } from '../image/image-processing';
import { DiskImageStore } from '../image/disk-image-store';
import { areaOf, imageKey, type ImageStore } from '../image/image.store';
import { createS3Client, S3ImageStore } from '../image/s3-image-store';

type S3Config = Extract<ImageStorageConfig, { kind: 's3' }>;

export interface CopyReport {
  copied: number;
  alreadyThere: number;
  /** Temporary files and names that are not stored images: left where they are. */
  skipped: number;
  failed: Array<{ key: string; reason: string }>;
}

/** How many objects are sent at a time. */
const PARALLEL = 8;

/**
 * Copies every stored image of a disk store (not thumbnails, which are made again on first
 * request) into the bucket, under the same keys. Idempotent and resumable: an object already in
 * the bucket with the same SHA-256 (kept as its metadata) is left alone. Each copied object is read
 * back and its bytes compared with the file's before it counts as copied.
 */
export async function copyDiskImagesToS3(options: { from: string; to: S3Config; onProgress?: (report: CopyReport) => void }): Promise<CopyReport> {
  const source = new DiskImageStore(options.from);
  const target = new S3ImageStore(options.to);
  const client = createS3Client(options.to);
  const report: CopyReport = { copied: 0, alreadyThere: 0, skipped: 0, failed: [] };
  try {
    for await (const page of source.list()) {
      const images = page.filter((item) => IMAGE_FILE_NAME_PATTERN.test(item.name));
      report.skipped += page.length - images.length;
      for (let i = 0; i < images.length; i += PARALLEL) {
        await Promise.all(
          images.slice(i, i + PARALLEL).map(async (item) => {
            const ref = { ngoId: item.ngoId, fileName: item.name };
            const key = imageKey(ref);
            try {
              const data = await fs.readFile(item.location);
              const sha256 = createHash('sha256').update(data).digest('hex');
              const head = await client.send(new HeadObjectCommand({ Bucket: options.to.bucket, Key: key })).catch((err: unknown) => {
                if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
                throw err;
              });
              if (head?.Metadata?.sha256 === sha256) {
                report.alreadyThere++;
                return;
              }
              await target.put(ref, data, contentTypeOf(item.name));
              const back = await target.read(ref);
              if (!back || createHash('sha256').update(back).digest('hex') !== sha256) throw new Error('the object read back differs from the file');
              report.copied++;
            } catch (err) {
              report.failed.push({ key, reason: err instanceof Error ? err.message : String(err) });
            }
          }),
        );
        options.onProgress?.(report);
      }
    }
  } finally {
    client.destroy();
    await target.close();
  }
  return report;
}

/** Image rows whose object the store does not hold (what must be 0 before the server uses the bucket). */
export async function rowsWithoutObject(db: Kysely<DB>, store: ImageStore): Promise<string[]> {
  const stored = new Set<string>();
  for await (const page of store.list()) for (const item of page) stored.add(`${areaOf(item.ngoId)}/${item.name}`);
  const rows = await db.selectFrom('images').select(['ngo_id', 'file_name']).execute();
  return rows.map((r) => `${areaOf(r.ngo_id)}/${r.file_name}`).filter((key) => !stored.has(key));
}

function contentTypeOf(fileName: string): string {
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1) as keyof typeof CONTENT_TYPES;
  return CONTENT_TYPES[extension];
}
