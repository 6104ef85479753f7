/**
 * kill -9 drill: writers create cases, save their reporter step and upload photos to them while
 * the server is killed with SIGKILL every 5–10 s and restarted. At the end every acknowledged
 * write must be there, exactly as acknowledged, every acknowledged photo must be served, no image
 * row may lack its file, files left without a row must be swept at the next start, and SQLite's
 * integrity check must be clean.
 *
 *   node --import tsx bench/drills/kill9.ts [--seconds 120] [--writers 8]
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { argNumber, delay, freePort, signIn, startServer, tempDataDir, uploadPhoto, verdict, waitForExit, type ServerHandle } from './lib';

const seconds = argNumber('seconds', 120);
const writers = argNumber('writers', 8);
const dataDir = tempDataDir('kill9');
const port = await freePort();

let server: ServerHandle = await startServer({ port, dataDir });
const admin = await signIn(server.base);
const ngo = await admin.post('/api/ngo/createNgo', { name: 'Drill NGO', darpanId: `DRILL/${Date.now().toString(36)}` });
const ngoId = (ngo.body.data as { id: number }).id;

/** What the server acknowledged: case id -> the reporter name it confirmed (null: created only). */
const acknowledged = new Map<number, string | null>();
/** Photos whose upload was acknowledged, and the case whose animal step acknowledged each (if any). */
const photos = new Map<string, number | null>();
const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 150, g: 110, b: 70 } } })
  .jpeg()
  .toBuffer();

async function uploadOne(): Promise<string | undefined> {
  const uploaded = await uploadPhoto(server.base, admin, ngoId, jpeg);
  return uploaded.status === 200 ? String(uploaded.body.data) : undefined;
}

let attempts = 0;
let refused = 0;
let running = true;

async function writer(n: number): Promise<void> {
  while (running) {
    attempts++;
    try {
      const key = randomUUID();
      const created = await admin.post('/api/case/createCase', { type: 'Sterilization', ngoId, idempotencyKey: key });
      if (created.status !== 200) {
        refused++;
        continue;
      }
      const id = (created.body.data as { id: number }).id;
      acknowledged.set(id, acknowledged.get(id) ?? null);
      const name = `Writer ${n} ${key.slice(0, 8)}`;
      const saved = await admin.post('/api/case/updateReportingDetail', {
        caseId: id,
        reporterName: name,
        reporterContact: '9845012345',
        location: 'Drill Street',
        landmark: 'Pump house',
        pincode: '560001',
        reportedDate: '2026-11-22',
        reportedTime: '10:00',
      });
      if (saved.status === 200) acknowledged.set(id, name);
      if (Math.random() < 0.3) {
        const photo = await uploadOne();
        if (!photo) {
          refused++;
          continue;
        }
        photos.set(photo, null);
        const attached = await admin.post('/api/case/updateAnimalDetail', { caseId: id, animalPictures: [photo] });
        if (attached.status === 200) photos.set(photo, id);
      }
    } catch {
      // The server is down: nothing was acknowledged, so nothing is owed. Try again shortly.
      refused++;
      await delay(100);
    }
  }
}

const load = Array.from({ length: writers }, (_, i) => writer(i));
let kills = 0;
const end = Date.now() + seconds * 1000;
while (Date.now() < end) {
  await delay(5000 + Math.random() * 5000);
  server.process.kill('SIGKILL');
  await waitForExit(server.process);
  kills++;
  server = await startServer({ port, dataDir });
}
running = false;
await Promise.all(load);

// Verify through the API of a fresh start, then check the file itself with the server stopped.
const check = await signIn(server.base);
let lost = 0;
let wrong = 0;
for (const [id, name] of acknowledged) {
  const response = await check.post('/api/case/getCaseById', { id });
  if (response.status !== 200) {
    lost++;
    continue;
  }
  const stored = (response.body.data as { reportingDetail: { reporterName: string | null } }).reportingDetail.reporterName;
  if (name !== null && stored !== name) wrong++;
}
let photosMissing = 0;
for (const [photo, caseId] of photos) {
  const served = await fetch(`${server.base}/api/image/getImage/${ngoId}/${photo}`, { headers: { cookie: check.cookie } });
  if (served.status !== 200 || !(served.headers.get('content-type') ?? '').startsWith('image/')) photosMissing++;
  await served.arrayBuffer();
  if (caseId !== null) {
    const response = await check.post('/api/case/getCaseById', { id: caseId });
    const pictures = (response.body.data as { animalDetail?: { animalPictures?: string[] } } | undefined)?.animalDetail?.animalPictures ?? [];
    if (!pictures.includes(photo)) wrong++;
  }
}
server.process.kill('SIGTERM');
await waitForExit(server.process);

// Image rows and files: a row without its file is a lost write; a file without a row is litter
// from a killed upload, which the next start sweeps once it is old enough not to be in flight.
const imageFolder = path.join(dataDir, 'images', `ngo-${ngoId}`);
const filesOnDisk = () => new Set(fs.readdirSync(imageFolder).filter((f) => !f.startsWith('.') && fs.statSync(path.join(imageFolder, f)).isFile()));
const readRows = () => {
  const db = new SQLite(path.join(dataDir, 'rescuedesk.sqlite'), { readonly: true });
  const names = new Set((db.prepare('select file_name from images where ngo_id = ?').all(ngoId) as Array<{ file_name: string }>).map((r) => r.file_name));
  const integrity = db.pragma('integrity_check', { simple: true });
  db.close();
  return { names, integrity };
};
const { names: rowNames, integrity } = readRows();
const files = filesOnDisk();
const rowsWithoutFile = [...rowNames].filter((n) => !files.has(n)).length;
const killedUploads = [...files].filter((f) => !rowNames.has(f));
// Two more, as a killed upload leaves them, so that the sweep is exercised on every run.
const planted = [`${randomUUID()}.jpg`, `${randomUUID()}.jpg.${randomUUID()}.tmp`];
for (const f of planted) fs.writeFileSync(path.join(imageFolder, f), jpeg);
const litter = [...killedUploads, ...planted];
const anHourAgo = new Date(Date.now() - 3_600_000);
for (const f of litter) fs.utimesSync(path.join(imageFolder, f), anHourAgo, anHourAgo);
server = await startServer({ port, dataDir });
server.process.kill('SIGTERM');
await waitForExit(server.process);
const litterLeft = [...filesOnDisk()].filter((f) => !rowNames.has(f)).length;
const photosKept = [...photos.keys()].every((p) => filesOnDisk().has(p));

verdict(
  'kill-9 drill',
  lost === 0 && wrong === 0 && photosMissing === 0 && rowsWithoutFile === 0 && litterLeft === 0 && photosKept && integrity === 'ok' && acknowledged.size > 0 && photos.size > 0 && kills > 0,
  `${seconds} s, ${kills} kills, ${attempts} attempts, ${acknowledged.size} cases and ${photos.size} photos acknowledged, ${lost} lost, ${wrong} altered, ${photosMissing} photos missing, ${rowsWithoutFile} image rows without a file, ${killedUploads.length} unreferenced files from killed uploads and ${planted.length} planted ones swept at the next start (${litterLeft} left), ${refused} refused while down, integrity ${String(integrity)}`,
);
