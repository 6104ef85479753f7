/**
 * npm run bench:offline (issue 17, docs/decisions/012): the outbox at full size.
 *
 * 1. The randomized offline test (e2e/offline-random.spec.ts) at 200 cycles (OFFLINE_CYCLES,
 *    OFFLINE_SEED to replay another run): 0 writes lost, 0 applied twice, or it fails with its seed.
 * 2. 50 queued changes (10 cases, 5 step saves each) and 5 photos synced on Slow 4G (562.5 ms round
 *    trip, 1.47 Mbit/s down, 675 kbit/s up, by CDP network throttling) from the app's start: the time until the top bar says 'All changes saved',
 *    against the < 30 s target. Figures are printed; nothing here asserts a time. Each photo is a
 *    grainy 1600x1200 camera JPEG (quality 0.95) put through the app's own resizer
 *    (apps/web/src/components/images/resize-image.ts, in the page), as the uploader queues it.
 *
 * Needs a build of the web app (npm run build --workspace apps/web; E2E_WEB_DIST names another build).
 * --skip-random runs part 2 only; --cycles N sets part 1's size; --photos N queues N photos instead
 * of 5 (--photos 0: the 50 saves alone).
 */
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import ts from 'typescript';
import { E2E_ACCOUNTS } from '../e2e/accounts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { 'skip-random': { type: 'boolean' }, cycles: { type: 'string' }, port: { type: 'string' }, photos: { type: 'string' } } });
const PORT = Number(values.port ?? process.env.E2E_PORT ?? 4402);
const BASE = `http://127.0.0.1:${PORT}`;

const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const CASES = 10;
const SAVES_PER_CASE = 5;
const PHOTOS = Number(values.photos ?? 5);
if (!Number.isInteger(PHOTOS) || PHOTOS < 0) throw new Error(`--photos takes a whole number, not ${values.photos}`);

if (!values['skip-random']) {
  const cycles = values.cycles ?? process.env.OFFLINE_CYCLES ?? '200';
  console.log(`\n1. randomized offline cycles: ${cycles} (seed ${process.env.OFFLINE_SEED ?? 20261124})`);
  const run = spawnSync('npx', ['playwright', 'test', 'e2e/offline-random.spec.ts'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, OFFLINE_CYCLES: cycles, E2E_PORT: String(PORT) } });
  console.log(run.status === 0 ? '   randomized cycles: 0 lost, 0 applied twice' : '   randomized cycles FAILED (seed and cycles printed above)');
}

console.log(`\n2. ${CASES * SAVES_PER_CASE} queued changes and ${PHOTOS} photos synced on Slow 4G`);
const server = spawn(process.execPath, ['--import', 'tsx', 'e2e/server.ts'], { cwd: ROOT, env: { ...process.env, E2E_PORT: String(PORT) }, stdio: ['ignore', 'ignore', 'inherit'] });
try {
  for (let tries = 0; ; tries += 1) {
    const healthy = await fetch(`${BASE}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (tries > 240) throw new Error('the e2e server did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
  // bypassCSP: the app's resizer is added to the page as an inline module (below).
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, bypassCSP: true });
  // tsx names functions with an __name helper that the page does not have (functions passed to evaluate).
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  // The uploader's resizer as it is in the app (a module that imports nothing), its types stripped.
  const resizer = ts.transpileModule(readFileSync(path.join(ROOT, 'apps/web/src/components/images/resize-image.ts'), 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const page = await context.newPage();
  const account = E2E_ACCOUNTS.worker;
  const login = await page.request.post('/api/auth/login', { data: { loginId: account.username, password: account.password } });
  if (!login.ok()) throw new Error(`login: ${login.status()}`);
  const me = ((await (await page.request.get('/api/auth/me')).json()) as { data: { id: number } }).data;
  const caseIds: number[] = [];
  for (let n = 0; n < CASES; n += 1) {
    const created = await page.request.post('/api/case/createCase', { data: { type: 'Sterilization' } });
    caseIds.push(((await created.json()) as { data: { id: number } }).data.id);
  }
  await page.goto('/dashboard');
  await page.getByTestId('outbox-status').waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.addScriptTag({ type: 'module', content: `${resizer}\nglobalThis.rescuedeskResize = { resizeImage };` });
  await page.waitForFunction(() => 'rescuedeskResize' in globalThis);

  // The queue as a day offline leaves it: photos first (as they are taken), then each case's saves,
  // every entry made offline (checked for conflicts before it is sent).
  const queued = await page.evaluate(
    async ({ userId, caseIds: ids, savesPerCase, photos }) => {
      // The camera's picture: gradients and grain, which JPEG cannot squeeze to nothing.
      const cameraPhoto = async (seed: number): Promise<File> => {
        const canvas = document.createElement('canvas');
        canvas.width = 1600;
        canvas.height = 1200;
        const g = canvas.getContext('2d');
        if (!g) throw new Error('no canvas');
        const image = g.createImageData(1600, 1200);
        let s = seed;
        for (let i = 0; i < image.data.length; i += 4) {
          s = (s * 1103515245 + 12345) & 0x7fffffff;
          const x = (i / 4) % 1600;
          const y = Math.floor(i / 4 / 1600);
          image.data[i] = (x / 8 + (s & 63)) & 255;
          image.data[i + 1] = (y / 6 + ((s >> 6) & 63)) & 255;
          image.data[i + 2] = ((x + y) / 12 + ((s >> 12) & 63)) & 255;
          image.data[i + 3] = 255;
        }
        g.putImageData(image, 0, 0);
        const blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no blob'))), 'image/jpeg', 0.95));
        return new File([blob], `camera-${seed}.jpg`, { type: 'image/jpeg' });
      };
      const { resizeImage } = (globalThis as unknown as { rescuedeskResize: { resizeImage: (file: File) => Promise<File> } }).rescuedeskResize;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('rescuedesk-outbox');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const entries: Record<string, unknown>[] = [];
      const now = Date.now();
      let photoBytes = 0;
      let cameraBytes = 0;
      for (let n = 0; n < photos; n += 1) {
        const camera = await cameraPhoto(n + 1);
        const blob = await resizeImage(camera);
        cameraBytes += camera.size;
        photoBytes += blob.size;
        const key = `bench-photo-${now}-${n}`;
        entries.push({ key, userId, kind: 'image', path: '/image/createImage', body: { fieldName: 'AnimalPictures' }, caseId: 0, blob, fileName: `photo-${n}.jpg`, originalBytes: camera.size, tempName: `0000000${n}-0000-0000-0000-000000000000.jpg`, state: 'pending', deferred: true, createdAt: now });
      }
      for (const caseId of ids) {
        for (let n = 0; n < savesPerCase; n += 1) {
          const value = `bench ${now} save ${n}`;
          entries.push({ key: `bench-${now}-${caseId}-${n}`, userId, kind: 'caseStep', path: '/case/updateAnimalDetail', step: 'animalDetail', body: { caseId, animalColor: value }, caseId, base: { animalColor: n === 0 ? null : `bench ${now} save ${n - 1}` }, state: 'pending', deferred: true, createdAt: now });
        }
      }
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('entries', 'readwrite');
        for (const entry of entries) tx.objectStore('entries').add(entry);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
      return { entries: entries.length, photoBytes, cameraBytes };
    },
    { userId: me.id, caseIds, savesPerCase: SAVES_PER_CASE, photos: PHOTOS },
  );

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  // Whether every case holds its last save, asked by the bench itself (page.request is not throttled).
  const lastSavesStored = async () => {
    const stored = await Promise.all(caseIds.map(async (id) => ((await (await page.request.post('/api/case/getCaseById', { data: { id } })).json()) as { data: { animalDetail: { animalColor: string | null } } }).data.animalDetail.animalColor));
    return stored.every((colour) => colour?.endsWith(`save ${SAVES_PER_CASE - 1}`));
  };
  const started = Date.now();
  let finished = false;
  // When the saves are all in while photos may still be on their way (polled every 250 ms).
  const savesIn = (async () => {
    while (!finished) {
      if (await lastSavesStored()) return Date.now();
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return null;
  })();
  await page.reload();
  await page.getByTestId('outbox-status').waitFor();
  const opened = Date.now();
  await page
    .waitForFunction(() => document.querySelector('[data-testid="outbox-status"]')?.getAttribute('aria-label') === 'All changes saved', undefined, { timeout: 300_000, polling: 100 })
    .finally(() => {
      finished = true;
    });
  const done = Date.now();
  const savesDone = await savesIn;

  const complete = await lastSavesStored();
  console.log(`   queued: ${queued.entries} entries (${CASES * SAVES_PER_CASE} step saves on ${CASES} cases, ${PHOTOS} photos of ${(queued.photoBytes / 1024).toFixed(0)} kB in all, from ${(queued.cameraBytes / 1024).toFixed(0)} kB as the camera took them)`);
  console.log(`   app open (top bar shown) after ${((opened - started) / 1000).toFixed(1)} s; all sent after ${((done - started) / 1000).toFixed(1)} s on Slow 4G (target < 30 s)`);
  console.log(`   the ${CASES * SAVES_PER_CASE} saves all stored after ${savesDone === null ? 'the end (not seen before)' : `${((savesDone - started) / 1000).toFixed(1)} s`}`);
  console.log(`   photos' bytes alone at ${SLOW_4G.uploadThroughput * 8 / 1024} kbit/s up: ${(queued.photoBytes / SLOW_4G.uploadThroughput).toFixed(1)} s (the floor for any sender)`);
  console.log(`   every case holds its last save: ${complete ? 'yes' : 'NO'}; load average ${os.loadavg().map((n) => n.toFixed(2)).join(', ')}`);
  await browser.close();
} finally {
  server.kill('SIGTERM');
}
