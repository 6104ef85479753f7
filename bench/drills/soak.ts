/**
 * Soak drill: 50 clients of mixed traffic (dashboard lists, searches, case reads, step saves,
 * creates) for 10 minutes. Zero errors allowed; reports p99 and the server's memory growth.
 *
 *   node --import tsx bench/drills/soak.ts [--minutes 10] [--clients 50]
 */
import fs from 'node:fs';
import { argNumber, delay, freePort, percentile, signIn, startServer, tempDataDir, verdict, waitForExit } from './lib';

const minutes = argNumber('minutes', 10);
const clients = argNumber('clients', 50);
const server = await startServer({ port: await freePort(), dataDir: tempDataDir('soak') });
const client = await signIn(server.base);
const ngoId = ((await client.post('/api/ngo/createNgo', { name: 'Soak NGO', darpanId: `DRILL/${Date.now().toString(36)}` })).body.data as { id: number }).id;
const ids: number[] = [];
for (let i = 0; i < 200; i++) ids.push(((await client.post('/api/case/createCase', { type: 'Sterilization', ngoId })).body.data as { id: number }).id);

const rssKb = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.process.pid}/status`, 'utf8'))?.[1] ?? 0);
const latencies: number[] = [];
let errors = 0;
let stop = false;
const pick = () => ids[Math.floor(Math.random() * ids.length)]!;

async function worker(n: number) {
  let i = 0;
  while (!stop) {
    i++;
    const started = Date.now();
    const kind = (n + i) % 10;
    try {
      const response =
        kind < 4
          ? await client.post('/api/case/getCaseByType', { ngoId, type: 'All', page: 1 + (i % 3) })
          : kind < 6
            ? await client.post('/api/case/getCaseByType', { ngoId, search: String(560000 + (i % 50)) })
            : kind < 8
              ? await client.post('/api/case/getCaseById', { id: pick() })
              : kind < 9
                ? await client.post('/api/case/updateAnimalDetail', { caseId: pick(), animalWeight: (i % 40) + 1, animalColor: 'brown' })
                : await client.post('/api/case/createCase', { type: 'OPD', ngoId });
      latencies.push(Date.now() - started);
      if (response.status !== 200) errors++;
    } catch {
      errors++;
    }
  }
}

const warm = rssKb();
const load = Array.from({ length: clients }, (_, n) => worker(n));
const samples: number[] = [];
const end = Date.now() + minutes * 60_000;
while (Date.now() < end) {
  await delay(Math.min(10_000, Math.max(0, end - Date.now())));
  samples.push(rssKb());
}
stop = true;
await Promise.all(load);
server.process.kill('SIGTERM');
await waitForExit(server.process);

const sorted = latencies.sort((a, b) => a - b);
const growthMb = ((samples.at(-1) ?? warm) - (samples[0] ?? warm)) / 1024;
verdict(
  'soak drill',
  errors === 0 && sorted.length > 0,
  `${minutes} min, ${clients} clients, ${sorted.length} requests (${Math.round(sorted.length / (minutes * 60))}/s), ${errors} errors, p50 ${percentile(sorted, 50)} ms, p99 ${percentile(sorted, 99)} ms, RSS ${Math.round(warm / 1024)} MB at start, ${Math.round((samples.at(-1) ?? warm) / 1024)} MB at end, growth after the first sample ${growthMb.toFixed(1)} MB`,
);
