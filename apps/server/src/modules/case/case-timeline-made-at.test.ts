import { describe, expect, it } from 'vitest';
import { useTwoNgoWorld } from '../../../test/api';
import { newCase } from '../../../test/cases';

/** A change entered offline and sent later by the device's outbox keeps both times (X-Made-At), on both databases. */
const ctx = useTwoNgoWorld();

const MINUTE = 60_000;

interface Entry {
  action: string;
  at: string;
  madeAt: string | null;
  changes: Array<{ field: string; to: unknown }>;
}

async function saveWeight(caseId: number, weight: number, madeAt?: string) {
  return ctx.t.app.inject({
    method: 'POST',
    url: '/api/case/updateAnimalDetail',
    payload: { caseId, animalWeight: weight },
    headers: { cookie: ctx.world.inA.Worker.cookie, ...(madeAt === undefined ? {} : { 'x-made-at': madeAt }) },
  });
}

async function newest(caseId: number): Promise<Entry> {
  const response = await ctx.world.inA.Worker.post('/api/case/getCaseTimeline', { caseId });
  expect(response.statusCode).toBe(200);
  const [entry] = (response.json() as { data: Entry[] }).data;
  if (!entry) throw new Error('no timeline entry');
  return entry;
}

describe('case timeline: when a change was made on the device', () => {
  it('keeps the time a change was made on the device beside the time it reached the server', async () => {
    const id = await newCase(ctx.world.inA.Worker);
    const made = new Date(Date.now() - 42 * MINUTE).toISOString();
    const before = Date.now();
    expect((await saveWeight(id, 12, made)).statusCode).toBe(200);
    const entry = await newest(id);
    expect(entry).toMatchObject({ action: 'updateAnimalDetail', madeAt: made, changes: [{ field: 'animalWeight', to: 12 }] });
    expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('records no device time for a change sent at once (no header)', async () => {
    const id = await newCase(ctx.world.inA.Worker);
    expect((await saveWeight(id, 12)).statusCode).toBe(200);
    expect((await newest(id)).madeAt).toBeNull();
  });

  it("keeps the change but not a device time from a wrong clock: in the future beyond the skew, or months old", async () => {
    const id = await newCase(ctx.world.inA.Worker);
    expect((await saveWeight(id, 12, new Date(Date.now() + 60 * MINUTE).toISOString())).statusCode).toBe(200);
    expect(await newest(id)).toMatchObject({ madeAt: null, changes: [{ field: 'animalWeight', to: 12 }] });
    expect((await saveWeight(id, 13, new Date(Date.now() - 200 * 24 * 60 * MINUTE).toISOString())).statusCode).toBe(200);
    expect(await newest(id)).toMatchObject({ madeAt: null, changes: [{ field: 'animalWeight', to: 13 }] });
  });

  it('refuses a malformed X-Made-At with 400 and saves nothing', async () => {
    const id = await newCase(ctx.world.inA.Worker);
    for (const value of ['yesterday', '2026-11-28 17:57', '2026-13-45T99:00:00Z']) {
      const response = await saveWeight(id, 12, value);
      expect(response.statusCode, value).toBe(400);
      expect(response.json().message).toMatch(/X-Made-At/);
    }
    expect((await newest(id)).action).toBe('create');
  });
});
