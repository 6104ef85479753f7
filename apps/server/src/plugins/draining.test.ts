import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('draining before shutdown', () => {
  it('reports itself unavailable to load balancers and asks clients to close connections, while still serving', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json().data.status).toBe('ok');
    const drained = t.app.drain.begin(5_000);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().data).toEqual({ status: 'draining', database: 'up' });
    expect(health.headers.connection).toBe('close');
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId: 'nobody', password: 'whatever' } });
    expect(login.statusCode).toBe(401);
    const startedAt = Date.now();
    await drained;
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });
});
