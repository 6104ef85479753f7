import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNgo, createUser } from '../../../test/factories';
import { jpegPhoto } from '../../../test/images';
import { apiRoutes } from '../../../test/routes';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Multipart bodies a hostile or broken client can send. Each must be answered 400 with a message a
 * person can act on, and must leave no image row and no file behind.
 */
let t: TestApp;
let cookie: string;

beforeEach(async () => {
  t = await createTestApp();
  const ngo = await createNgo(t.database.db);
  const { user, password } = await createUser(t.database.db, { role: 'Worker', ngoId: ngo.id });
  cookie = await t.login(user.username, password);
});
afterEach(async () => {
  await t.close();
});

const BOUNDARY = 'rescuedesk-test-boundary';

async function wellFormedUpload(): Promise<Buffer> {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="fieldName"\r\n\r\nAnimalPictures\r\n`),
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="dog.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    await jpegPhoto(),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

async function malformedBodies(): Promise<Array<[string, string, Buffer]>> {
  const good = await wellFormedUpload();
  const multipart = `multipart/form-data; boundary=${BOUNDARY}`;
  return [
    ['no boundary', 'multipart/form-data', good],
    ['an empty boundary', 'multipart/form-data; boundary=', good],
    ['a wrong boundary', 'multipart/form-data; boundary=not-the-one-used', good],
    ['a boundary longer than the parser allows', `multipart/form-data; boundary=${'b'.repeat(300)}`, good],
    ['a body cut in the middle of the file', multipart, good.subarray(0, good.length - 200)],
    ['a body cut before the closing boundary', multipart, good.subarray(0, good.length - 10)],
    ['a body cut inside the first part header', multipart, good.subarray(0, 30)],
    ['garbage', multipart, Buffer.from('\u0001\u0002 this is not a form at all \r\n\r\n--')],
  ];
}

function storedFiles(): string[] {
  const root = path.join(t.config.dataDir, 'images');
  return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((p) => fs.statSync(path.join(root, p)).isFile()) : [];
}

async function imageRows(): Promise<number> {
  return (await t.database.db.selectFrom('images').select('id').execute()).length;
}

describe('malformed multipart bodies', () => {
  it('answers each broken upload with 400 and a readable message, and stores nothing', async () => {
    for (const [name, contentType, payload] of await malformedBodies()) {
      const response = await t.app.inject({ method: 'POST', url: '/api/image/createImage', headers: { cookie, 'content-type': contentType }, payload });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      expect(response.json().message, name).toMatch(/^The upload is not a valid multipart form/);
    }
    expect(await imageRows()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it('still stores the same upload when it is well formed', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/image/createImage',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: await wellFormedUpload(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await imageRows()).toBe(1);
  });

  it('answers a multipart body on a route that takes JSON with 415, on every route, and changes nothing', async () => {
    const admin = await createUser(t.database.db, { role: 'Admin', ngoId: null });
    const adminCookie = await t.login(admin.user.username, admin.password);
    const [, contentType, payload] = (await malformedBodies())[4]!;
    // Those that take files: an image upload, a citizen's report with its photos, and what its reporter adds.
    const multipart = ['/api/image/createImage', '/api/public/page/:slug/report', '/api/public/track/:token/add', '/api/public/page/:slug/track/add'];
    const routes = apiRoutes(t.app).filter((r) => r.method === 'POST' && !multipart.includes(r.url));
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const response = await t.app.inject({ method: 'POST', url: route.url, headers: { cookie: adminCookie, 'content-type': contentType }, payload });
      expect(response.statusCode, `${route.url}: ${response.body}`).toBe(415);
      expect(response.json().message).toBe('Send the request body as application/json.');
    }
    expect(await imageRows()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });
});
