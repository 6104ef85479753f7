import { DeleteBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { MESSAGES } from '@rescuedesk/shared';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createNgo, createUser } from '../../../test/factories';
import { jpegPhoto } from '../../../test/images';
import { multipartBody } from '../../../test/multipart';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createS3Client } from './s3-image-store';

/**
 * What only the S3 store can get wrong: the bucket's layout, a bucket that refuses writes, and a
 * bucket that is not there. The behaviour both stores share is tested in image.routes.test.ts.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function worldOnS3() {
  t = await createTestApp({}, { imageStore: 's3' });
  const ngoA = (await createNgo(t.database.db)).id;
  const ngoB = (await createNgo(t.database.db)).id;
  const sign = async (ngoId: number) => {
    const { user, password } = await createUser(t!.database.db, { role: 'Worker', ngoId });
    return t!.login(user.username, password);
  };
  return { app: t, ngoA, ngoB, workerA: await sign(ngoA), workerB: await sign(ngoB) };
}

async function upload(app: TestApp, cookie: string) {
  const { payload, headers } = multipartBody({ fieldName: 'AnimalPictures' }, [{ filename: 'dog.jpg', contentType: 'image/jpeg', data: await jpegPhoto() }]);
  return app.app.inject({ method: 'POST', url: '/api/image/createImage', payload, headers: { ...headers, cookie } });
}

function s3Of(app: TestApp) {
  const storage = app.config.imageStorage;
  if (storage.kind !== 's3') throw new Error('not an S3 test app');
  return { client: createS3Client(storage), bucket: storage.bucket };
}

describe('images in an S3 bucket', () => {
  it("keeps each NGO's images under its own prefix and sends them through the API only", async () => {
    const { app, ngoA, ngoB, workerA, workerB } = await worldOnS3();
    const a = (await upload(app, workerA)).json().data as string;
    const b = (await upload(app, workerB)).json().data as string;
    const { client, bucket } = s3Of(app);
    const keys = ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key).sort();
    client.destroy();
    expect(keys).toEqual([`ngo-${ngoA}/${a}`, `ngo-${ngoB}/${b}`].sort());

    const served = await app.app.inject({ method: 'GET', url: `/api/image/getImage/${ngoA}/${a}`, headers: { cookie: workerA } });
    expect(served.statusCode).toBe(200);
    expect(served.headers.location).toBeUndefined();
    expect(served.rawPayload.equals((await app.store.read({ ngoId: ngoA, fileName: a }))!)).toBe(true);
    expect(served.body).not.toContain(bucket);
    expect((await app.app.inject({ method: 'GET', url: `/api/image/getImage/${ngoA}/${a}`, headers: { cookie: workerB } })).statusCode).toBe(404);
  });

  it('answers 503 and records no image when the bucket refuses the write', async () => {
    const { app, workerA } = await worldOnS3();
    const { client, bucket } = s3Of(app);
    await client.send(new DeleteBucketCommand({ Bucket: bucket }));
    client.destroy();
    const response = await upload(app, workerA);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ message: MESSAGES.serverError });
    expect(await app.database.db.selectFrom('images').select('id').execute()).toEqual([]);
  });

  it('refuses to start on a bucket that does not exist, naming it', async () => {
    const env = { S3_BUCKET: 'rd-no-such-bucket', S3_ENDPOINT: inject('s3Endpoint'), S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
    await expect(createTestApp(env)).rejects.toThrow(/rd-no-such-bucket does not exist/);
  });
});
