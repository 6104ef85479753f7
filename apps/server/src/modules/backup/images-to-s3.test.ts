import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { loadConfig, type ImageStorageConfig } from '../../config';
import { createNgo, createUser } from '../../../test/factories';
import { plantObject } from '../../../test/image-store';
import { jpegPhoto } from '../../../test/images';
import { multipartBody } from '../../../test/multipart';
import { createLocalBucket } from '../../../test/s3-server';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createS3Client, S3ImageStore } from '../image/s3-image-store';
import { copyDiskImagesToS3, rowsWithoutObject } from './images-to-s3';

type S3Config = Extract<ImageStorageConfig, { kind: 's3' }>;

/** `npm run images:to-s3`: a disk store moved into a bucket, verified, idempotent and resumable. */
let t: TestApp;
let bucket: S3Config;
let ngoId: number;
let names: string[];

beforeEach(async () => {
  t = await createTestApp();
  ngoId = (await createNgo(t.database.db)).id;
  const { user, password } = await createUser(t.database.db, { role: 'Worker', ngoId });
  const cookie = await t.login(user.username, password);
  names = [];
  for (let i = 0; i < 3; i++) {
    const { payload, headers } = multipartBody({ fieldName: 'AnimalPictures' }, [{ filename: 'a.jpg', contentType: 'image/jpeg', data: await jpegPhoto({ width: 40 + i }) }]);
    names.push((await t.app.inject({ method: 'POST', url: '/api/image/createImage', payload, headers: { ...headers, cookie } })).json().data);
  }
  await t.app.inject({ method: 'GET', url: `/api/image/getImage/${ngoId}/${names[0]}?w=96`, headers: { cookie } });
  await plantObject(t, ngoId, `${names[0]}.abc.tmp`, Buffer.from('partial'));
  const storage = loadConfig(await createLocalBucket(inject('s3Endpoint'))).imageStorage;
  if (storage.kind !== 's3') throw new Error('expected an S3 configuration');
  bucket = storage;
});
afterEach(async () => {
  await t.close();
});

const diskDir = () => (t.config.imageStorage.kind === 'disk' ? t.config.imageStorage.dir : '');

describe('moving a disk image store into S3', () => {
  it('copies every stored image (not thumbnails or leftovers), byte for byte, until no row lacks its object', async () => {
    const target = new S3ImageStore(bucket);
    expect((await rowsWithoutObject(t.database.db, target)).sort()).toEqual(names.map((n) => `ngo-${ngoId}/${n}`).sort());
    const report = await copyDiskImagesToS3({ from: diskDir(), to: bucket });
    expect(report).toEqual({ copied: 3, alreadyThere: 0, skipped: 1, failed: [] });
    for (const fileName of names) expect((await target.read({ ngoId, fileName }))!.equals((await t.store.read({ ngoId, fileName }))!)).toBe(true);
    expect(await target.read({ ngoId, fileName: names[0]!, width: 96 })).toBeUndefined();
    expect(await rowsWithoutObject(t.database.db, target)).toEqual([]);
    await target.close();
  });

  it('does nothing the second time, and copies again only what is missing or differs', async () => {
    await copyDiskImagesToS3({ from: diskDir(), to: bucket });
    expect(await copyDiskImagesToS3({ from: diskDir(), to: bucket })).toMatchObject({ copied: 0, alreadyThere: 3, failed: [] });

    const client = createS3Client(bucket);
    await client.send(new DeleteObjectCommand({ Bucket: bucket.bucket, Key: `ngo-${ngoId}/${names[1]}` }));
    await client.send(new PutObjectCommand({ Bucket: bucket.bucket, Key: `ngo-${ngoId}/${names[2]}`, Body: Buffer.from('damaged') }));
    client.destroy();
    const target = new S3ImageStore(bucket);
    expect(await rowsWithoutObject(t.database.db, target)).toEqual([`ngo-${ngoId}/${names[1]}`]);
    expect(await copyDiskImagesToS3({ from: diskDir(), to: bucket })).toMatchObject({ copied: 2, alreadyThere: 1, failed: [] });
    expect((await target.read({ ngoId, fileName: names[2]! }))!.equals((await t.store.read({ ngoId, fileName: names[2]! }))!)).toBe(true);
    await target.close();
  });
});
