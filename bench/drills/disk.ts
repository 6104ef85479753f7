/**
 * Disk drill: the server's data directory on a small tmpfs that is filled to the last byte, and
 * an image store that is remounted read-only. Writes must be refused with a clean JSON error
 * (or, where SQLite still had room in its journal, acknowledged and kept), no partial file may be
 * left, reads must still be served, and once space returns writes work again without a restart.
 * Needs root (it mounts tmpfs); it unmounts what it mounted.
 *
 *   node --import tsx bench/drills/disk.ts [--megabytes 48]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { argNumber, freePort, signIn, startServer, uploadPhoto, verdict, waitForExit, type ServerHandle } from './lib';

const megabytes = argNumber('megabytes', 48);
const STORAGE_MESSAGE = /cannot store data right now/;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rescuedesk-drill-disk-'));
const dataDir = path.join(root, 'data');
const imageDir = path.join(dataDir, 'images');
const filler = path.join(dataDir, 'filler.bin');
const mounted: string[] = [];
const problems: string[] = [];
const check = (ok: boolean, problem: string) => {
  if (!ok) problems.push(problem);
};

function mount(target: string, sizeMb: number): void {
  fs.mkdirSync(target, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0700`, 'tmpfs', target]);
  mounted.unshift(target);
}

function unmountAll(): void {
  for (const target of mounted.splice(0)) {
    try {
      execFileSync('umount', [target]);
    } catch {
      execFileSync('umount', ['-l', target]);
    }
  }
}

/** Writes zeros until the file system refuses: afterwards not one byte is free. */
function fillDisk(): void {
  const fd = fs.openSync(filler, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  }
  const small = Buffer.alloc(512);
  try {
    for (;;) fs.writeSync(fd, small);
  } catch {
    // Full to the last block.
  }
  fs.closeSync(fd);
}

const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 180, g: 120, b: 60 } } })
  .jpeg()
  .toBuffer();

const leftovers = () => fs.readdirSync(imageDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.tmp'));

/** Exit status of a drill that could not run here (`npm test` reports it apart from passes and failures). */
const NOT_RUN = 77;
try {
  mount(dataDir, megabytes);
} catch (err) {
  fs.rmSync(root, { recursive: true, force: true });
  console.log(`NOT RUN: the disk drill mounts a small tmpfs, which this machine does not allow (${(err as Error).message.split('\n')[0]}). Run it as root.`);
  process.exit(NOT_RUN);
}

let server: ServerHandle | undefined;
let figures = '';
try {
  mount(imageDir, 8);
  server = await startServer({ port: await freePort(), dataDir });
  const admin = await signIn(server.base);
  const ngoId = ((await admin.post('/api/ngo/createNgo', { name: 'Disk Drill NGO', darpanId: `DRILL/${Date.now().toString(36)}` })).body.data as { id: number }).id;
  const kept = new Map<number, string>();
  const create = async (name: string) => {
    const created = await admin.post('/api/case/createCase', { type: 'OPD', ngoId });
    if (created.status !== 200) return created;
    const id = (created.body.data as { id: number }).id;
    kept.set(id, '');
    const saved = await admin.post('/api/case/updateReportingDetail', {
      caseId: id,
      reporterName: name,
      reporterContact: '9845012345',
      location: 'Drill Road',
      landmark: 'Tank',
      pincode: '560001',
      reportedDate: '2026-11-23',
      reportedTime: '09:30',
    });
    if (saved.status === 200) kept.set(id, name);
    return saved;
  };
  for (let i = 0; i < 5; i++) check((await create(`Before ${i}`)).status === 200, 'a write failed before the disk filled');
  const firstImage = await uploadPhoto(server.base, admin, ngoId, jpeg);
  check(firstImage.status === 200, `an upload failed before the disk filled (${firstImage.status})`);
  const imageName = String(firstImage.body.data);

  // 1. The disk is full.
  fillDisk();
  fs.writeFileSync(path.join(imageDir, 'filler.bin'), Buffer.alloc(0));
  execFileSync('sh', ['-c', `dd if=/dev/zero of=${path.join(imageDir, 'filler.bin')} bs=64k 2>/dev/null || true`]);
  let refused = 0;
  let acknowledgedWhileFull = 0;
  for (let i = 0; i < 40 && refused < 5; i++) {
    const answer = await create(`Full ${i}`);
    if (answer.status === 507) {
      refused++;
      check(STORAGE_MESSAGE.test(answer.body.message ?? ''), `a refused write said "${answer.body.message}"`);
    } else if (answer.status === 200) {
      acknowledgedWhileFull++;
    } else {
      problems.push(`a write on a full disk answered ${answer.status} ${JSON.stringify(answer.body)}`);
    }
  }
  check(refused > 0, 'no write was refused on a full disk');
  const fullUpload = await uploadPhoto(server.base, admin, ngoId, jpeg);
  check(fullUpload.status === 507 && STORAGE_MESSAGE.test(fullUpload.body.message ?? ''), `an upload on a full disk answered ${fullUpload.status} ${JSON.stringify(fullUpload.body)}`);
  check(leftovers().length === 0, `partial image files were left: ${leftovers().join(', ')}`);
  const list = await admin.post('/api/case/getCaseByType', { ngoId, pageSize: 100 });
  check(list.status === 200, `the dashboard was not served on a full disk (${list.status})`);
  const image = await fetch(`${server.base}/api/image/getImage/${ngoId}/${imageName}`, { headers: { cookie: admin.cookie } });
  check(image.status === 200 && (await image.arrayBuffer()).byteLength > 0, `an image was not served on a full disk (${image.status})`);
  const health = await fetch(`${server.base}/api/health`);
  check(health.status === 200, `health said ${health.status} on a full disk`);

  // 2. Space returns: writes work again, without a restart.
  fs.rmSync(filler);
  fs.rmSync(path.join(imageDir, 'filler.bin'));
  check((await create('After full')).status === 200, 'writes did not resume once space returned');
  check((await uploadPhoto(server.base, admin, ngoId, jpeg)).status === 200, 'uploads did not resume once space returned');

  // 3. The image store turns read-only (as a failing disk is remounted by the kernel).
  execFileSync('mount', ['-o', 'remount,ro', imageDir]);
  const readOnlyUpload = await uploadPhoto(server.base, admin, ngoId, jpeg);
  check(readOnlyUpload.status === 507 && STORAGE_MESSAGE.test(readOnlyUpload.body.message ?? ''), `an upload to a read-only store answered ${readOnlyUpload.status} ${JSON.stringify(readOnlyUpload.body)}`);
  const readOnlyImage = await fetch(`${server.base}/api/image/getImage/${ngoId}/${imageName}`, { headers: { cookie: admin.cookie } });
  check(readOnlyImage.status === 200, `an image was not served from a read-only store (${readOnlyImage.status})`);
  check((await create('Beside a read-only store')).status === 200, 'case writes failed while only the image store was read-only');
  execFileSync('mount', ['-o', 'remount,rw', imageDir]);
  check((await uploadPhoto(server.base, admin, ngoId, jpeg)).status === 200, 'uploads did not resume once the store was writable');

  // 4. Every acknowledged write is there, after a restart, and the database is sound.
  server.process.kill('SIGTERM');
  await waitForExit(server.process);
  server = await startServer({ port: await freePort(), dataDir });
  const after = await signIn(server.base);
  let lost = 0;
  for (const [id, name] of kept) {
    const response = await after.post('/api/case/getCaseById', { id });
    const stored = (response.body.data as { reportingDetail?: { reporterName: string | null } } | undefined)?.reportingDetail?.reporterName ?? '';
    if (response.status !== 200 || (name !== '' && stored !== name)) lost++;
  }
  check(lost === 0, `${lost} acknowledged writes were lost`);
  server.process.kill('SIGTERM');
  await waitForExit(server.process);
  server = undefined;
  const db = new SQLite(path.join(dataDir, 'rescuedesk.sqlite'), { readonly: true });
  const integrity = db.pragma('integrity_check', { simple: true });
  const rowsWithoutFiles = (db.prepare('select ngo_id, file_name from images').all() as Array<{ ngo_id: number; file_name: string }>).filter(
    (r) => !fs.existsSync(path.join(imageDir, `ngo-${r.ngo_id}`, r.file_name)),
  ).length;
  db.close();
  check(integrity === 'ok', `integrity check: ${String(integrity)}`);
  check(rowsWithoutFiles === 0, `${rowsWithoutFiles} image rows have no file`);
  figures = `${kept.size} cases acknowledged (${acknowledgedWhileFull} while full, kept in SQLite's journal), ${refused} writes refused with 507 on a full disk, uploads refused on a full and on a read-only store, reads served throughout, writes resumed without a restart, 0 partial files, ${lost} lost, integrity ${String(integrity)}`;
} catch (err) {
  problems.push(`the drill could not run: ${(err as Error).message}`);
} finally {
  if (server) {
    server.process.kill('SIGKILL');
    await waitForExit(server.process);
  }
  unmountAll();
  fs.rmSync(root, { recursive: true, force: true });
}
verdict('disk drill', problems.length === 0, problems.length ? problems.join('; ') : figures);
