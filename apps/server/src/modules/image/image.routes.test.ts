import fs from 'node:fs';
import path from 'node:path';
import { IMAGE_FILE_NAME_PATTERN, MESSAGES } from '@rescuedesk/shared';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNgo, createUser } from '../../../test/factories';
import { isStored, plantObject, storedNames } from '../../../test/image-store';
import { jpegPhoto, pixelBombPng, pngImage } from '../../../test/images';
import { multipartBody, type FilePart } from '../../../test/multipart';
import { createTestApp, IMAGE_STORES, type TestApp } from '../../../test/test-app';
import { UPLOADS_PER_MINUTE } from './image.routes';
import { ImageRepository } from './image.repository';
import { sweepOrphanFiles } from './image.service';

// Every test here runs on the disk store and on S3 (a local s3rver): docs/decisions/010.
describe.each(IMAGE_STORES)('images on the %s store', (storeKind) => {

  let t: TestApp;
  let ngoA: number;
  let ngoB: number;
  let workerA: string;
  let workerA2: string;
  let managerA: string;
  let workerB: string;
  let admin: string;

  async function setUp(env: Record<string, string> = {}) {
    t = await createTestApp(env, { imageStore: storeKind });
    ngoA = (await createNgo(t.database.db)).id;
    ngoB = (await createNgo(t.database.db)).id;
    const sign = async (role: 'Worker' | 'Manager' | 'Admin', ngoId: number | null) => {
      const { user, password } = await createUser(t.database.db, { role, ngoId });
      return t.login(user.username, password);
    };
    workerA = await sign('Worker', ngoA);
    workerA2 = await sign('Worker', ngoA);
    managerA = await sign('Manager', ngoA);
    workerB = await sign('Worker', ngoB);
    admin = await sign('Admin', null);
  }

  beforeEach(async () => setUp());
  afterEach(async () => {
    await t.close();
  });

  function upload(cookie: string, fields: Record<string, string>, file?: FilePart) {
    const { payload, headers } = multipartBody(fields, file ? [file] : []);
    return t.app.inject({ method: 'POST', url: '/api/image/createImage', payload, headers: { ...headers, cookie } });
  }

  async function uploadPhoto(cookie: string, ngoId: number | null, fieldName = 'AnimalPictures'): Promise<string> {
    const response = await upload(cookie, { fieldName, ...(ngoId === null ? {} : { ngoId: String(ngoId) }) }, { filename: 'dog.jpg', contentType: 'image/jpeg', data: await jpegPhoto() });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as string;
  }

  const get = (cookie: string | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  describe('POST /api/image/createImage', () => {
    it('stores a JPEG under a generated name and answers { data: name }', async () => {
      const name = await uploadPhoto(workerA, ngoA);
      expect(name).toMatch(IMAGE_FILE_NAME_PATTERN);
      expect(name.endsWith('.jpg')).toBe(true);
      expect(await isStored(t, ngoA, name)).toBe(true);
    });

    it("puts a non-Admin's upload in their own NGO when no ngoId is sent", async () => {
      const response = await upload(workerA, { fieldName: 'AnimalPictures' }, { filename: 'a.jpg', contentType: 'image/jpeg', data: await jpegPhoto() });
      expect(response.statusCode).toBe(200);
      expect((await get(workerA, `/api/image/getImage/${ngoA}/${response.json().data}`)).statusCode).toBe(200);
    });

    it('keeps PNG as PNG', async () => {
      const response = await upload(workerA, { fieldName: 'Verification', ngoId: String(ngoA) }, { filename: 'id.png', contentType: 'image/png', data: await pngImage() });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.endsWith('.png')).toBe(true);
    });

    it('strips EXIF metadata such as the GPS position', async () => {
      const original = await jpegPhoto({ gps: true });
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const name = await (async () => {
        const response = await upload(workerA, { fieldName: 'AnimalPictures' }, { filename: 'gps.jpg', contentType: 'image/jpeg', data: original });
        return response.json().data as string;
      })();
      const stored = await t.store.read({ ngoId: ngoA, fileName: name });
      expect(stored).toBeDefined();
      expect((await sharp(stored!).metadata()).exif).toBeUndefined();
    });

    it('refuses another NGO as the target with 404 and stores nothing', async () => {
      const response = await upload(workerA, { fieldName: 'AnimalPictures', ngoId: String(ngoB) }, { filename: 'a.jpg', contentType: 'image/jpeg', data: await jpegPhoto() });
      expect(response.statusCode).toBe(404);
      expect(await storedNames(t)).toEqual([]);
    });

    it('accepts the observed client’s field names and refuses unknown ones with 422', async () => {
      for (const fieldName of ['Profile', 'Verification', 'AnimalPictures', 'consentFormImage', 'ReleasePics']) {
        await uploadPhoto(workerA, ngoA, fieldName);
      }
      const response = await upload(workerA, { fieldName: 'Whatever' }, { filename: 'a.jpg', contentType: 'image/jpeg', data: await jpegPhoto() });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toContain('fieldName');
    });

    it('refuses a text file named .png with 415', async () => {
      const response = await upload(workerA, { fieldName: 'AnimalPictures' }, { filename: 'notes.png', contentType: 'image/png', data: Buffer.from('just some text, not a picture\n'.repeat(20)) });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toMatch(/Only image files/);
    });

    it('refuses an SVG with script named .png with 415', async () => {
      const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
      const response = await upload(workerA, { fieldName: 'AnimalPictures' }, { filename: 'cute.png', contentType: 'image/png', data: svg });
      expect(response.statusCode).toBe(415);
    });

    it('refuses a PNG header followed by HTML', async () => {
      const polyglot = Buffer.concat([(await pngImage()).subarray(0, 33), Buffer.from('<html><script>alert(1)</script></html>')]);
      const response = await upload(workerA, { fieldName: 'AnimalPictures' }, { filename: 'x.png', contentType: 'image/png', data: polyglot });
      expect(response.statusCode).toBe(415);
    });

    it('refuses a picture with a huge pixel count', async () => {
      const response = await upload(workerA, { fieldName: 'AnimalPictures' }, { filename: 'bomb.png', contentType: 'image/png', data: pixelBombPng() });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toMatch(/too many pixels/);
    });

    it('answers 413 to an upload over UPLOAD_MAX_BYTES and leaves no file behind', async () => {
      await t.close();
      await setUp({ UPLOAD_MAX_BYTES: '2048' });
      const big = await jpegPhoto({ width: 800, height: 600 });
      expect(big.length).toBeGreaterThan(2048);
      const response = await upload(workerA, { fieldName: 'AnimalPictures' }, { filename: 'big.jpg', contentType: 'image/jpeg', data: big });
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toMatch(/larger than/);
      expect(await storedNames(t)).toEqual([]);
    });

    it('refuses an upload with several files or too many parts', async () => {
      const photo = await jpegPhoto();
      const twoFiles = multipartBody({ fieldName: 'AnimalPictures' }, [
        { filename: 'a.jpg', contentType: 'image/jpeg', data: photo },
        { filename: 'b.jpg', contentType: 'image/jpeg', data: photo },
      ]);
      const response = await t.app.inject({ method: 'POST', url: '/api/image/createImage', payload: twoFiles.payload, headers: { ...twoFiles.headers, cookie: workerA } });
      expect(response.statusCode).toBe(413);
      const manyFields = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, 'x']));
      const flood = multipartBody({ fieldName: 'AnimalPictures', ...manyFields }, [{ filename: 'a.jpg', contentType: 'image/jpeg', data: photo }]);
      const flooded = await t.app.inject({ method: 'POST', url: '/api/image/createImage', payload: flood.payload, headers: { ...flood.headers, cookie: workerA } });
      expect(flooded.statusCode).toBe(413);
      expect(flooded.json().message).toMatch(/Too many parts/);
      expect(await storedNames(t)).toEqual([]);
    });

    it('limits uploads per user per minute', async () => {
      const photo = await pngImage();
      const send = (cookie: string) => upload(cookie, { fieldName: 'AnimalPictures' }, { filename: 'a.png', contentType: 'image/png', data: photo });
      for (let i = 0; i < UPLOADS_PER_MINUTE; i++) expect((await send(workerA)).statusCode).toBe(200);
      const limited = await send(workerA);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/^Too many uploads/);
      expect((await send(workerA2)).statusCode).toBe(200);
    });

    it('refuses a request with no file with 422 and a non-multipart body with 415', async () => {
      expect((await upload(workerA, { fieldName: 'AnimalPictures' })).statusCode).toBe(422);
      const json = await t.app.inject({ method: 'POST', url: '/api/image/createImage', headers: { cookie: workerA }, payload: { fieldName: 'Profile' } });
      expect(json.statusCode).toBe(415);
    });

    it('records the upload in the audit log', async () => {
      const name = await uploadPhoto(workerA, ngoA);
      const rows = await t.database.db.selectFrom('audit_log').selectAll().where('entity', '=', 'image').where('entity_id', '=', name).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ action: 'create', ngo_id: ngoA, actor_role: 'Worker' });
    });

    it("lets an Admin upload to the platform area and to any NGO, but not to one that doesn't exist", async () => {
      const own = await uploadPhoto(admin, null, 'Profile');
      expect((await get(admin, `/api/image/getImage/platform/${own}`)).statusCode).toBe(200);
      await uploadPhoto(admin, ngoB);
      const missing = await upload(admin, { fieldName: 'Logo', ngoId: '999999' }, { filename: 'a.jpg', contentType: 'image/jpeg', data: await jpegPhoto() });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('GET /api/image/getImage', () => {
    it('serves the image with its type, nosniff and a private cache', async () => {
      const name = await uploadPhoto(workerA, ngoA);
      const response = await get(workerA, `/api/image/getImage/${ngoA}/${name}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toContain('private');
      expect((await sharp(response.rawPayload).metadata()).format).toBe('jpeg');
    });

    it('serves identity documents with no-store', async () => {
      const name = await uploadPhoto(workerA, ngoA, 'verificationIdFrontImage');
      const response = await get(workerA, `/api/image/getImage/${ngoA}/${name}`);
      expect(response.headers['cache-control']).toBe('private, no-store');
    });

    it('renders a thumbnail for ?w=', async () => {
      const photo = await upload(workerA, { fieldName: 'AnimalPictures' }, { filename: 'a.jpg', contentType: 'image/jpeg', data: await jpegPhoto({ width: 1200, height: 900 }) });
      const name = photo.json().data as string;
      const thumb = await get(workerA, `/api/image/getImage/${ngoA}/${name}?w=150`);
      expect(thumb.statusCode).toBe(200);
      expect((await sharp(thumb.rawPayload).metadata()).width).toBe(192);
      expect(await isStored(t, ngoA, name, 192)).toBe(true);
      const again = await get(workerA, `/api/image/getImage/${ngoA}/${name}?w=150`);
      expect(again.rawPayload.equals(thumb.rawPayload)).toBe(true);
    });

    it("answers 404 to another NGO's image, by either address", async () => {
      const name = await uploadPhoto(workerA, ngoA);
      const direct = await get(workerB, `/api/image/getImage/${ngoA}/${name}`);
      expect(direct.statusCode).toBe(404);
      expect(direct.json()).toEqual({ message: MESSAGES.imageNotFound });
      expect((await get(workerB, `/api/image/getImage/${ngoB}/${name}`)).statusCode).toBe(404);
      expect((await get(admin, `/api/image/getImage/${ngoA}/${name}`)).statusCode).toBe(200);
    });

    it('answers 401 without a session', async () => {
      const name = await uploadPhoto(workerA, ngoA);
      expect((await get(undefined, `/api/image/getImage/${ngoA}/${name}`)).statusCode).toBe(401);
    });

    it('never resolves a path outside the store, whatever the encoding', async () => {
      const secret = path.join(t.config.dataDir, 'rescuedesk.sqlite');
      expect(fs.existsSync(secret) || t.database.dialect === 'postgres').toBe(true);
      const attempts = [
        `/api/image/getImage/${ngoA}/..%2F..%2Frescuedesk.sqlite`,
        `/api/image/getImage/${ngoA}/..%252F..%252Frescuedesk.sqlite`,
        `/api/image/getImage/${ngoA}/%2e%2e%2f%2e%2e%2fetc%2fpasswd`,
        `/api/image/getImage/${ngoA}/....//....//etc/passwd`,
        `/api/image/getImage/..%2F..%2F/rescuedesk.sqlite`,
        `/api/image/getImage/${ngoA}/..\\..\\rescuedesk.sqlite`,
        `/api/image/getImage/${ngoA}/%00.jpg`,
        `/api/image/getImage/${ngoA}/%2Fetc%2Fpasswd`,
      ];
      for (const url of attempts) {
        const response = await get(workerA, url);
        expect([400, 404], url).toContain(response.statusCode);
        expect(response.body).not.toContain('SQLite format');
        expect(response.body).not.toContain('root:');
      }
      // A client normalises plain '../' before sending: the request then leaves /api altogether and
      // gets the web app's page (or 404), never a file from the disk.
      const normalised = await get(workerA, `/api/image/getImage/${ngoA}/../../../../etc/passwd`);
      expect(normalised.headers['content-type']).not.toMatch(/^image\//);
      expect(normalised.body).not.toContain('root:');
    });
  });

  describe('orphan sweep', () => {
    it('keeps objects younger than ten minutes, even without a row (their upload may be committing elsewhere)', async () => {
      const kept = await uploadPhoto(workerA, ngoA);
      const young = '66666666-2222-4333-8444-555555555555.jpg';
      await plantObject(t, ngoA, young, Buffer.from('partial'));
      const result = await sweepOrphanFiles(t.store, new ImageRepository(t.database.db));
      expect(result).toEqual({ removed: 0, kept: 2 });
      expect(await storedNames(t, ngoA)).toEqual([kept, young].sort());
    });

    it('removes leftovers and objects without a row once they are old, with their thumbnails, and keeps stored images', async () => {
      const kept = await uploadPhoto(workerA, ngoA);
      const stray = '11111111-2222-4333-8444-555555555555.jpg';
      const temp = `${kept}.abc.tmp`;
      await plantObject(t, ngoA, stray, await jpegPhoto());
      await plantObject(t, ngoA, temp, Buffer.from('partial'));
      await t.store.put({ ngoId: ngoA, fileName: stray, width: 96 }, await jpegPhoto(), 'image/jpeg');
      const anHourLater = Date.now() + 60 * 60 * 1000;
      const result = await sweepOrphanFiles(t.store, new ImageRepository(t.database.db), anHourLater);
      expect(result).toEqual({ removed: 2, kept: 1 });
      expect(await storedNames(t, ngoA)).toEqual([kept]);
      expect(await isStored(t, ngoA, stray, 96)).toBe(false);
      expect((await get(workerA, `/api/image/getImage/${ngoA}/${kept}`)).statusCode).toBe(200);
    });
  });

  describe('POST /api/image/deleteImage', () => {
    it('deletes an image and its file, after which it is not found', async () => {
      const name = await uploadPhoto(workerA, ngoA);
      const response = await t.app.inject({ method: 'POST', url: '/api/image/deleteImage', headers: { cookie: workerA }, payload: { ngoId: ngoA, image: name } });
      expect(response.statusCode).toBe(200);
      expect((await get(workerA, `/api/image/getImage/${ngoA}/${name}`)).statusCode).toBe(404);
      expect(await isStored(t, ngoA, name)).toBe(false);
    });

    it('removes the thumbnails made from a deleted image', async () => {
      const name = await uploadPhoto(workerA, ngoA);
      expect((await get(workerA, `/api/image/getImage/${ngoA}/${name}?w=96`)).statusCode).toBe(200);
      expect(await isStored(t, ngoA, name, 96)).toBe(true);
      await t.app.inject({ method: 'POST', url: '/api/image/deleteImage', headers: { cookie: workerA }, payload: { ngoId: ngoA, image: name } });
      expect(await isStored(t, ngoA, name, 96)).toBe(false);
    });

    it("answers 404 to another NGO's image and keeps it", async () => {
      const name = await uploadPhoto(workerA, ngoA);
      const response = await t.app.inject({ method: 'POST', url: '/api/image/deleteImage', headers: { cookie: workerB }, payload: { ngoId: ngoA, image: name } });
      expect(response.statusCode).toBe(404);
      const own = await t.app.inject({ method: 'POST', url: '/api/image/deleteImage', headers: { cookie: workerB }, payload: { image: name } });
      expect(own.statusCode).toBe(404);
      expect((await get(workerA, `/api/image/getImage/${ngoA}/${name}`)).statusCode).toBe(200);
    });

    it("refuses a Worker deleting a colleague's image, and lets a Manager do it", async () => {
      const name = await uploadPhoto(workerA, ngoA);
      const byWorker = await t.app.inject({ method: 'POST', url: '/api/image/deleteImage', headers: { cookie: workerA2 }, payload: { ngoId: ngoA, image: name } });
      expect(byWorker.statusCode).toBe(403);
      const byManager = await t.app.inject({ method: 'POST', url: '/api/image/deleteImage', headers: { cookie: managerA }, payload: { ngoId: ngoA, image: name } });
      expect(byManager.statusCode).toBe(200);
    });

    it('refuses a file name that is not a stored name with 422', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/image/deleteImage', headers: { cookie: managerA }, payload: { image: '../../rescuedesk.sqlite' } });
      expect(response.statusCode).toBe(422);
    });
  });
});
