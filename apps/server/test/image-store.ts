import fs from 'node:fs';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { createS3Client } from '../src/modules/image/s3-image-store';
import { areaOf } from '../src/modules/image/image.store';
import type { TestApp } from './test-app';

/** Looks inside the test app's image store, whichever it is, as the tests of both stores need. */

export async function isStored(t: TestApp, ngoId: number | null, fileName: string, width?: number): Promise<boolean> {
  return (await t.store.read({ ngoId, fileName, ...(width ? { width } : {}) })) !== undefined;
}

/** The names of the objects directly in an NGO's area (what the sweep sees). */
export async function storedNames(t: TestApp, ngoId?: number | null): Promise<string[]> {
  const names: string[] = [];
  for await (const page of t.store.list()) for (const item of page) if (ngoId === undefined || item.ngoId === ngoId) names.push(item.name);
  return names.sort();
}

/** Puts an object under any name, as a crash or a stray tool could leave it, bypassing the store's checks. */
export async function plantObject(t: TestApp, ngoId: number | null, name: string, data: Buffer): Promise<void> {
  const storage = t.config.imageStorage;
  if (storage.kind === 'disk') {
    const folder = path.join(storage.dir, areaOf(ngoId));
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, name), data);
    return;
  }
  const client = createS3Client(storage);
  try {
    await client.send(new PutObjectCommand({ Bucket: storage.bucket, Key: `${areaOf(ngoId)}/${name}`, Body: data }));
  } finally {
    client.destroy();
  }
}
