import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { Outbox, conflictsOf, type OutboxDeps } from './outbox';
import { memoryOutbox, type OutboxEntry } from './outbox-store';

type Sent = { path: string; key: string; body: Record<string, unknown> };

function makeOutbox(answer: (entry: OutboxEntry) => unknown = () => ({ id: 1 }), extra: Partial<OutboxDeps> = {}) {
  let online = true;
  const sent: Sent[] = [];
  const storage = memoryOutbox();
  const ids = new Map<string, string>();
  const outbox = new Outbox({
    storage,
    send: async (entry) => {
      if (!online) throw new ApiError(0, 'offline');
      const result = answer(entry);
      if (result instanceof Error) throw result;
      sent.push({ path: entry.path, key: entry.key, body: entry.body });
      return result;
    },
    readCase: async () => null,
    isOnline: () => online,
    idMap: { getItem: (k) => ids.get(k) ?? null, setItem: (k, v) => void ids.set(k, v) },
    ...extra,
  });
  return { outbox, sent, storage, setOnline: (value: boolean) => (online = value) };
}

const step = (key: string, caseId: number, fields: Record<string, unknown>) => ({ key, kind: 'caseStep' as const, path: '/case/updateAnimalDetail', step: 'animalDetail', caseId, body: { caseId, ...fields } });

describe('the outbox', () => {
  it('keeps writes made offline and sends them in order, each with its own key, when the network is back', async () => {
    const { outbox, sent, setOnline } = makeOutbox((entry) => ({ id: entry.caseId }));
    await outbox.start(7);
    setOnline(false);
    expect(await outbox.submit(step('k1', 12, { animalColor: 'Black' }))).toEqual({ sent: false });
    expect(await outbox.submit(step('k2', 12, { animalMarking: 'Notch' }))).toEqual({ sent: false });
    expect(outbox.getSnapshot().entries).toHaveLength(2);

    setOnline(true);
    await outbox.sync();
    expect(sent.map((s) => s.key)).toEqual(['k1', 'k2']);
    expect(outbox.getSnapshot().entries).toEqual([]);
  });

  it("replaces a case's temporary id in the changes queued after its create once the server answers", async () => {
    const { outbox, sent, setOnline } = makeOutbox((entry) => (entry.kind === 'createCase' ? { id: 99, ngoId: 1 } : { id: 99 }));
    const replaced: Array<[number, number]> = [];
    outbox.onReplaced((from, to) => replaced.push([from, to]));
    await outbox.start(7);
    setOnline(false);
    await outbox.submit({ key: 'c', kind: 'createCase', path: '/case/createCase', body: { type: 'OPD' }, caseId: -5, tempId: -5 });
    await outbox.submit(step('s', -5, { animalColor: 'Brown' }));

    setOnline(true);
    await outbox.sync();
    expect(sent[1]).toEqual({ path: '/case/updateAnimalDetail', key: 's', body: { caseId: 99, animalColor: 'Brown' } });
    expect(replaced).toEqual([[-5, 99]]);
    expect(outbox.resolveId(-5)).toBe(99);
  });

  it('fails a refused save back to the user waiting on it, and keeps one refused later as failed until retried or discarded', async () => {
    let refuse = true;
    const { outbox, setOnline } = makeOutbox(() => (refuse ? new ApiError(422, 'Colour is too long') : { id: 12 }));
    await outbox.start(7);
    await expect(outbox.submit(step('now', 12, { animalColor: 'x' }))).rejects.toThrow('Colour is too long');
    expect(outbox.getSnapshot().entries).toEqual([]);

    setOnline(false);
    await outbox.submit(step('later', 12, { animalColor: 'y' }));
    setOnline(true);
    await outbox.sync();
    const [failed] = outbox.getSnapshot().entries;
    expect(failed).toMatchObject({ key: 'later', state: 'failed', error: 'Colour is too long' });

    refuse = false;
    await outbox.retry(failed?.seq ?? 0);
    expect(outbox.getSnapshot().entries).toEqual([]);

    refuse = true;
    setOnline(false);
    await outbox.submit(step('dropped', 12, { animalColor: 'z' }));
    setOnline(true);
    await outbox.sync();
    await outbox.discard(outbox.getSnapshot().entries[0]?.seq ?? 0);
    expect(outbox.getSnapshot().entries).toEqual([]);
  });

  it('pauses on an ended session, keeps the queue for the same user, and never sends it for another', async () => {
    let ended = true;
    const { outbox, sent, storage, setOnline } = makeOutbox(() => (ended ? new ApiError(401, 'Please sign in') : { id: 12 }));
    await outbox.start(7);
    setOnline(false);
    await outbox.submit(step('mine', 12, { animalColor: 'Black' }));
    setOnline(true);
    await outbox.sync();
    expect(outbox.getSnapshot().paused).toBe(true);
    expect(outbox.getSnapshot().entries).toHaveLength(1);

    ended = false;
    await outbox.start(8);
    await outbox.sync();
    expect(sent).toEqual([]);
    expect(outbox.getSnapshot().entries).toEqual([]);

    await outbox.start(7);
    await outbox.sync();
    expect(sent.map((s) => s.key)).toEqual(['mine']);
    expect(await storage.all(7)).toEqual([]);
  });

  it('names a field the server changed after the edit was based on it, and not one it still holds as it was', () => {
    const entry: OutboxEntry = { ...step('k', 12, { location: 'Gandhi Bazaar', landmark: 'Gate' }), step: 'reportingDetail', userId: 7, state: 'pending', createdAt: 0, base: { location: 'MG Road', landmark: 'Metro' } };
    const server = { reportingDetail: { location: 'Basavanagudi', landmark: 'Metro' } };
    expect(conflictsOf(entry, server)).toEqual([{ caseId: 12, step: 'reportingDetail', field: 'location', theirs: 'Basavanagudi', mine: 'Gandhi Bazaar' }]);
  });
});
