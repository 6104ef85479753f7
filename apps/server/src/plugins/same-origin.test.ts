import { afterEach, describe, expect, it } from 'vitest';
import { createNgo, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The same-origin check on state-changing API calls compares the whole origin: scheme, host and
 * port. The test app is reached as http://localhost:80 (light-my-request's default Host).
 */
let t: TestApp | undefined;

afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function signedInPost(env: Record<string, string> = {}) {
  t = await createTestApp(env);
  const app = t.app;
  const ngo = await createNgo(t.database.db);
  const { user, password } = await createUser(t.database.db, { role: 'Worker', ngoId: ngo.id });
  const cookie = await t.login(user.username, password);
  return async (headers: Record<string, string>) => {
    const response = await app.inject({ method: 'POST', url: '/api/reporter/getReporters', headers: { cookie, ...headers }, payload: {} });
    return response.statusCode;
  };
}

describe('same-origin check', () => {
  it('refuses an Origin with another scheme on the same host and port', async () => {
    const post = await signedInPost();
    expect(await post({ origin: 'https://rescue.example', host: 'rescue.example' })).toBe(403);
    expect(await post({ origin: 'https://rescue.example:8443', host: 'rescue.example:8443' })).toBe(403);
    expect(await post({ origin: 'https://localhost:80' })).toBe(403);
  });

  it('refuses an Origin with another port on the same host', async () => {
    const post = await signedInPost();
    expect(await post({ origin: 'http://localhost:8080' })).toBe(403);
    expect(await post({ origin: 'http://localhost', host: 'localhost:3000' })).toBe(403);
  });

  it('refuses another host, and the opaque origin "null"', async () => {
    const post = await signedInPost();
    expect(await post({ origin: 'http://evil.example:80' })).toBe(403);
    expect(await post({ origin: 'null' })).toBe(403);
  });

  it('accepts the same scheme, host and port, with the default port written or not', async () => {
    const post = await signedInPost();
    expect(await post({ origin: 'http://localhost:80' })).toBe(200);
    expect(await post({ origin: 'http://localhost' })).toBe(200);
    expect(await post({ origin: 'http://localhost:3000', host: 'localhost:3000' })).toBe(200);
  });

  it('trusts the scheme and host a proxy reports only with TRUST_PROXY', async () => {
    const forwarded = { origin: 'https://rescue.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'rescue.example' };
    const direct = await signedInPost();
    expect(await direct(forwarded)).toBe(403);
    await t?.close();

    const proxied = await signedInPost({ TRUST_PROXY: 'true' });
    expect(await proxied(forwarded)).toBe(200);
    expect(await proxied({ ...forwarded, origin: 'http://rescue.example' })).toBe(403);
  });

  it('decides by Sec-Fetch-Site when the browser sends it, and lets a request with neither header through', async () => {
    const post = await signedInPost();
    expect(await post({ 'sec-fetch-site': 'same-origin' })).toBe(200);
    expect(await post({ 'sec-fetch-site': 'same-site', origin: 'http://localhost:80' })).toBe(403);
    expect(await post({})).toBe(200);
  });
});
