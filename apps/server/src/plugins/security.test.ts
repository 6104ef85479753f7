import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld } from '../../test/api';

const ctx = useTwoNgoWorld();

describe('security headers', () => {
  it('sends a CSP without inline script, nosniff and no HSTS on plain HTTP', async () => {
    const response = await ctx.t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it("allows images from this origin and the map's tile server only (OpenStreetMap's by default), and no other outside connections", async () => {
    const response = await ctx.t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org;");
    expect(csp).toContain("connect-src 'self' https://tile.openstreetmap.org;");
  });

  it('marks API answers with personal data no-store', async () => {
    const response = await ctx.world.inA.Worker.post('/api/reporter/getReporters');
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('cross-site request forgery', () => {
  const call = (headers: Record<string, string>, payload: string | object = {}) =>
    ctx.t.app.inject({ method: 'POST', url: '/api/case/createCase', headers: { cookie: ctx.world.inA.Worker.cookie, ...headers }, payload });

  it('refuses a state change from a foreign origin', async () => {
    const response = await call({ origin: 'https://evil.example' }, { type: 'OPD' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Cross-site requests are not accepted.');
  });

  it('refuses a state change the browser marks cross-site, whatever the Origin says', async () => {
    expect((await call({ 'sec-fetch-site': 'cross-site' }, { type: 'OPD' })).statusCode).toBe(403);
    expect((await call({ 'sec-fetch-site': 'same-site' }, { type: 'OPD' })).statusCode).toBe(403);
  });

  it('accepts the same origin', async () => {
    expect((await call({ 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' }, { type: 'OPD' })).statusCode).toBe(200);
    expect((await call({ origin: 'http://localhost:80' }, { type: 'OPD' })).statusCode).toBe(200);
  });

  it('refuses text/plain and form bodies with 415, and creates nothing', async () => {
    const text = await call({ 'content-type': 'text/plain' }, '{"type":"OPD"}');
    expect(text.statusCode).toBe(415);
    const form = await call({ 'content-type': 'application/x-www-form-urlencoded' }, 'type=OPD');
    expect(form.statusCode).toBe(415);
    const list = await ctx.world.inA.Worker.post('/api/case/getCaseByType');
    expect(list.json().meta.total).toBe(0);
  });

  it('refuses logout forged from another site', async () => {
    const response = await ctx.t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: ctx.world.inA.Worker.cookie, origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
    expect((await ctx.world.inA.Worker.post('/api/reporter/getReporters')).statusCode).toBe(200);
  });
});

describe('malformed input', () => {
  it.each([[[1]], [{ id: 1 }], [99999999999], [-4], [0], ['1 OR 1=1'], [1.5], [null]])('answers 400, not 500, to the id %j', async (id) => {
    const response = await ctx.world.inA.Founder.post('/api/reporter/getReporterById', { id });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^id/);
  });

  it('answers 400 to prototype-pollution payloads', async () => {
    for (const payload of ['{"__proto__":{"role":"Admin"},"name":"x","contact":"9845012345"}', '{"constructor":{"prototype":{"role":"Admin"}}}']) {
      const response = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/reporter/createReporter',
        headers: { cookie: ctx.world.inA.Worker.cookie, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });

  it('ignores unknown keys: role, ngoId and hashes cannot be mass-assigned', async () => {
    const worker = ctx.world.inA.Worker;
    const response = await worker.post('/api/auth/updateProfile', { name: 'Wasim', role: 'Admin', ngoId: ctx.world.b.id, password_hash: 'x', id: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ role: 'Worker', ngoId: ctx.world.a.id, id: worker.id });
    const reporter = await worker.post('/api/reporter/createReporter', { name: 'R', contact: '9845012345', id: 999, ngo_id: ctx.world.b.id, created_by: 1 });
    expect(reporter.json().data).toMatchObject({ ngoId: ctx.world.a.id });
    expect(reporter.json().data.id).not.toBe(999);
  });

  it('answers 400 to text with a NUL character, which PostgreSQL cannot store', async () => {
    const response = await ctx.world.inA.Worker.post('/api/auth/updateProfile', { name: 'a\u0000b' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Text must not contain NUL characters.');
  });

  it('answers 400 to a body that is not JSON', async () => {
    const response = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/case/getCaseByType',
      headers: { cookie: ctx.world.inA.Worker.cookie, 'content-type': 'application/json' },
      payload: '{"type":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });
});

describe('SQL injection', () => {
  const injections = ["' OR '1'='1", "'; DROP TABLE cases; --", '" OR 1=1 --', "%' UNION SELECT password_hash FROM users --", '\\', "1' AND sleep(1)--"];

  it('treats injection strings in every search as plain text', async () => {
    const caller = ctx.world.inA.Founder;
    await caller.post('/api/reporter/createReporter', { name: "O'Brien", contact: '9845012345' });
    for (const search of injections) {
      for (const url of ['/api/case/getCaseByType', '/api/user/getUsers', '/api/reporter/getReporters', '/api/vet/getVets', '/api/sponsor/getSponsors', '/api/ngo/getNgos']) {
        const response = await caller.post(url, { search });
        expect(response.statusCode, `${url} ${search}`).toBe(200);
        expect(response.json().meta.total, `${url} ${search}`).toBe(0);
      }
    }
    expect((await caller.post('/api/reporter/getReporters', { search: "o'brien" })).json().meta.total).toBe(1);
    expect((await caller.post('/api/user/getUsers')).json().meta.total).toBe(3);
  });

  it('stores injection strings as data', async () => {
    const caller = ctx.world.inA.Worker;
    for (const name of injections) {
      const created = await caller.post('/api/reporter/createReporter', { name, contact: '9845012345' });
      expect(created.json().data.name).toBe(name);
    }
  });
});
