import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useTwoNgoWorld } from '../test/api';
import { buildApp } from './app';

const ctx = useTwoNgoWorld();

describe('the installable web app', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function serve() {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rescuedesk-dist-'));
    dirs.push(dist);
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>RescueDesk</title>');
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'RescueDesk', start_url: '/dashboard' }));
    fs.writeFileSync(path.join(dist, 'assets/main-abc123.js'), 'console.log(1);');
    return buildApp({ config: { ...ctx.t.config, webDistDir: dist }, database: ctx.t.database, logger: false });
  }

  it('serves the service worker and the manifest to be checked again on every visit, so a deploy reaches installed apps', async () => {
    const app = await serve();
    try {
      const worker = await app.inject({ method: 'GET', url: '/sw.js' });
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['content-type']).toMatch(/javascript/);
      expect(worker.headers['cache-control']).toBe('no-cache');

      const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(manifest.headers['cache-control']).toBe('no-cache');
      expect(manifest.json().start_url).toBe('/dashboard');

      const asset = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
    } finally {
      await app.close();
    }
  });

  it('allows a service worker and a manifest from its own origin only', async () => {
    const response = await ctx.t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
