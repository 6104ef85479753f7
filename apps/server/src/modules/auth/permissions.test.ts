import { PLATFORM_IMAGE_SCOPE, ROLES, can, type Role } from '@rescuedesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNgo, createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * The role x endpoint matrix, generated from the permission table in packages/shared and from the
 * routes the app really registers: a new route is covered the moment it exists.
 */
let t: TestApp;
const cookies = {} as Record<Role, string>;
let ngoId: number;

beforeAll(async () => {
  t = await createTestApp();
  const ngo = await createNgo(t.database.db);
  ngoId = ngo.id;
  for (const role of ROLES) {
    const { user, password } = await createUser(t.database.db, { role, ngoId: role === 'Admin' ? null : ngo.id });
    cookies[role] = await t.login(user.username, password);
  }
});
afterAll(async () => {
  await t?.close();
});

function apiRoutes() {
  return t.app.routeTable.filter((r) => r.url.startsWith('/api/') && r.url !== '/api/*');
}

function concreteUrl(url: string): string {
  return url
    .replace(':ngoId', String(ngoId))
    .replace(':fileName', '00000000-0000-4000-8000-000000000000.jpg')
    .replace('*', 'index.html');
}

describe('permission matrix', () => {
  it('covers the routes this issue builds', () => {
    const urls = apiRoutes().map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'GET /api/auth/me',
      'POST /api/auth/updateProfile',
      'POST /api/auth/changePassword',
      'POST /api/image/createImage',
      'POST /api/image/deleteImage',
      'GET /api/image/getImage/:ngoId/:fileName',
      'GET /api/docs/json',
    ]) {
      expect(urls).toContain(expected);
    }
  });

  it('gives every route outside the docs an explicit access rule', () => {
    const undeclared = apiRoutes().filter((r) => r.access === undefined && !r.url.startsWith('/api/docs'));
    expect(undeclared).toEqual([]);
  });

  it('answers 401 to a signed-out caller on every non-public route', async () => {
    for (const route of apiRoutes().filter((r) => r.access !== 'public')) {
      const response = await t.app.inject({ method: route.method as 'GET', url: concreteUrl(route.url), payload: route.method === 'GET' ? undefined : {} });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  for (const role of ROLES) {
    it(`lets a ${role} through exactly the routes the table allows`, async () => {
      for (const route of apiRoutes().filter((r) => r.access !== 'public' && !r.url.endsWith('/logout'))) {
        const allowed = route.access === undefined || route.access === 'signedIn' || (route.access !== 'public' && can(role, route.access));
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: concreteUrl(route.url),
          headers: { cookie: cookies[role] },
          payload: route.method === 'GET' ? undefined : {},
        });
        const label = `${role} ${route.method} ${route.url} -> ${response.statusCode}`;
        if (allowed) {
          expect([401, 403], label).not.toContain(response.statusCode);
          expect(response.statusCode, label).toBeLessThan(500);
        } else {
          expect(response.statusCode, label).toBe(403);
        }
      }
    });
  }

  it('answers 401 to an unknown API path when signed out and 404 when signed in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/no/such/thing' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/no/such/thing', payload: {} })).statusCode).toBe(401);
    const signedIn = await t.app.inject({ method: 'GET', url: '/api/no/such/thing', headers: { cookie: cookies.Worker } });
    expect(signedIn.statusCode).toBe(404);
    expect(signedIn.json()).toEqual({ message: 'Not found.' });
  });

  it('serves the OpenAPI document only to signed-in users', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(401);
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie: cookies.Worker } });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toContain('/api/auth/login');
    expect(doc.json().paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual(['loginId', 'password']);
  });

  it('refuses the platform image area to every role but Admin', async () => {
    const url = `/api/image/getImage/${PLATFORM_IMAGE_SCOPE}/00000000-0000-4000-8000-000000000000.jpg`;
    for (const role of ['Founder', 'Manager', 'Worker'] as const) {
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie: cookies[role] } })).statusCode).toBe(404);
    }
  });
});
