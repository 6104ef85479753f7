import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { useTwoNgoWorld } from '../test/api';
import { buildApp } from './app';

const ctx = useTwoNgoWorld();

async function dashboard(encoding: string | undefined) {
  const headers: Record<string, string> = { cookie: ctx.world.inA.Worker.cookie };
  if (encoding) headers['accept-encoding'] = encoding;
  return ctx.t.app.inject({ method: 'POST', url: '/api/case/getCaseByType', payload: { pageSize: 50 }, headers });
}

describe('compressed answers for slow networks', () => {
  it('sends the dashboard page brotli- or gzip-compressed when the browser accepts it, the same JSON once decoded', async () => {
    for (let i = 0; i < 30; i++) {
      await ctx.world.inA.Worker.post('/api/case/createCase', { type: 'Sterilization' });
    }
    const plain = await dashboard(undefined);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().meta.total).toBe(30);

    const br = await dashboard('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gzip = await dashboard('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('compresses other answers of 8 kB and more on the fly with gzip, and leaves small ones as they are', async () => {
    const worker = ctx.world.inA.Worker;
    const id = (await worker.post('/api/case/createCase', { type: 'OPD' })).json().data.id;
    const read = () => ctx.t.app.inject({ method: 'POST', url: '/api/case/getCaseById', payload: { id }, headers: { cookie: worker.cookie, 'accept-encoding': 'gzip' } });
    const small = await read();
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data.id).toBe(id);

    const saved = await worker.post('/api/case/updateMedicalDetail', { caseId: id, medicalHistory: 'Skin infection, treated. '.repeat(150), otherDetails: 'Eats well, walks well. '.repeat(150) });
    expect(saved.statusCode, saved.body).toBe(200);
    const large = await read();
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(large.rawPayload).toString('utf8')).data.medicalDetail.medicalHistory).toMatch(/^Skin infection/);
  });
});

describe('the built web app', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves the build-time .br and .gz files of an asset, and the file itself to a client that accepts neither', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rescuedesk-dist-'));
    dirs.push(dist);
    const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>RescueDesk</title>');
    fs.writeFileSync(path.join(dist, 'assets/app.js'), script);
    fs.writeFileSync(path.join(dist, 'assets/app.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(dist, 'assets/app.js.gz'), zlib.gzipSync(script));
    const app = await buildApp({ config: { ...ctx.t.config, webDistDir: dist }, database: ctx.t.database, logger: false });
    try {
      const br = await app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(script);
      expect(br.headers['cache-control']).toContain('immutable');
      const gzip = await app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
      expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).toBe(script);
      const plain = await app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    } finally {
      await app.close();
    }
  });
});
