/**
 * SIGTERM drill: clients read and write while the server gets SIGTERM. Every request the server
 * had accepted before the signal must finish successfully, and the process must exit within 10 s.
 * Repeated for the given time (restarting after each shutdown).
 *
 *   node --import tsx bench/drills/sigterm.ts [--seconds 30] [--clients 20]
 */
import { argNumber, delay, freePort, signIn, startServer, tempDataDir, verdict, waitForExit } from './lib';

const seconds = argNumber('seconds', 30);
const clients = argNumber('clients', 20);
const dataDir = tempDataDir('sigterm');
const port = await freePort();

let rounds = 0;
let inFlightFailures = 0;
let completed = 0;
let refusedAfterSignal = 0;
let slowestExitMs = 0;
const end = Date.now() + seconds * 1000;
let ngoId: number | undefined;

while (Date.now() < end || rounds === 0) {
  const server = await startServer({ port, dataDir });
  const client = await signIn(server.base);
  if (ngoId === undefined) ngoId = ((await client.post('/api/ngo/createNgo', { name: 'Drill NGO', darpanId: `DRILL/${Date.now().toString(36)}` })).body.data as { id: number }).id;
  let signalledAt = Number.POSITIVE_INFINITY;
  let stop = false;

  const worker = async (n: number) => {
    while (!stop) {
      const startedAt = Date.now();
      try {
        const response =
          n % 2 === 0
            ? await client.post('/api/case/createCase', { type: 'OPD', ngoId })
            : await client.post('/api/case/getCaseByType', { type: 'All', ngoId, pageSize: 50 });
        if (response.status === 200) completed++;
        else if (startedAt < signalledAt) {
          inFlightFailures++;
          console.error(`in flight: HTTP ${response.status} ${JSON.stringify(response.body)} started ${signalledAt - startedAt} ms before the signal`);
        } else refusedAfterSignal++;
      } catch (err) {
        if (startedAt < signalledAt) {
          inFlightFailures++;
          console.error(`in flight: ${(err as Error).message} ${String((err as { cause?: unknown }).cause)} started ${signalledAt - startedAt} ms before the signal`);
        } else refusedAfterSignal++;
        await delay(20);
      }
    }
  };
  const load = Array.from({ length: clients }, (_, i) => worker(i));
  await delay(2000 + Math.random() * 1000);
  signalledAt = Date.now();
  server.process.kill('SIGTERM');
  await waitForExit(server.process);
  slowestExitMs = Math.max(slowestExitMs, Date.now() - signalledAt);
  stop = true;
  await Promise.all(load);
  rounds++;
}

verdict(
  'SIGTERM drill',
  inFlightFailures === 0 && slowestExitMs < 10_000 && completed > 0,
  `${rounds} shutdowns, ${completed} requests completed, ${inFlightFailures} in-flight failures, ${refusedAfterSignal} refused after the signal, slowest exit ${slowestExitMs} ms`,
);
