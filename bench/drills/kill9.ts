/**
 * kill -9 drill: writers create cases and save their reporter step while the server is killed
 * with SIGKILL every 5–10 s and restarted. At the end every acknowledged write must be there,
 * exactly as acknowledged, and SQLite's integrity check must be clean.
 *
 *   node --import tsx bench/drills/kill9.ts [--seconds 120] [--writers 8]
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { argNumber, delay, freePort, signIn, startServer, tempDataDir, verdict, waitForExit, type ServerHandle } from './lib';

const seconds = argNumber('seconds', 120);
const writers = argNumber('writers', 8);
const dataDir = tempDataDir('kill9');
const port = await freePort();

let server: ServerHandle = await startServer({ port, dataDir });
const admin = await signIn(server.base);
const ngo = await admin.post('/api/ngo/createNgo', { name: 'Drill NGO' });
const ngoId = (ngo.body.data as { id: number }).id;

/** What the server acknowledged: case id -> the reporter name it confirmed (null: created only). */
const acknowledged = new Map<number, string | null>();
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
server.process.kill('SIGTERM');
await waitForExit(server.process);
const db = new SQLite(path.join(dataDir, 'rescuedesk.sqlite'), { readonly: true });
const integrity = db.pragma('integrity_check', { simple: true });
db.close();

verdict(
  'kill-9 drill',
  lost === 0 && wrong === 0 && integrity === 'ok' && acknowledged.size > 0 && kills > 0,
  `${seconds} s, ${kills} kills, ${attempts} attempts, ${acknowledged.size} cases acknowledged, ${lost} lost, ${wrong} altered, ${refused} refused while down, integrity ${String(integrity)}`,
);
