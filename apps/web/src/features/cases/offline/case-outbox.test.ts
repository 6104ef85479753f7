import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { newQueuedImageName } from '../../../lib/offline/app-outbox';
import { CaseOutbox as Outbox, caseAddressOf, heldBehindFailed, memoryCaseOutbox as memoryOutbox, type CaseOutboxDeps as OutboxDeps, type CaseOutboxEntry as OutboxEntry, type NewCaseEntry as NewEntry } from './case-outbox';
import { buildCase } from '../test/case-factory';
import { withPending } from './case-overlay';
import { conflictsOf } from './conflicts';

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

  it('answers a save made offline at once, so a refusal after the network comes back stays with the step even when no sync had read the queue yet', async () => {
    const stored = memoryOutbox();
    let networkBack = () => {};
    const { outbox, sent, setOnline } = makeOutbox(() => new ApiError(422, 'No batch of Rabies vaccine that has not expired holds any stock.'), {
      // The network comes back the moment the save is stored, before anything reads the queue.
      storage: { ...stored, add: async (entry) => stored.add(entry).finally(() => networkBack()) },
    });
    networkBack = () => setOnline(true);
    await outbox.start(7);
    await outbox.sync(); // the start's sync has ended: none is under way when the save is made
    setOnline(false);
    expect(await outbox.submit(step('vaccine', 12, { vaccinationDate: '2026-11-29' }))).toEqual({ sent: false });
    await outbox.sync();
    expect(sent).toEqual([]);
    expect(outbox.getSnapshot().entries).toMatchObject([{ key: 'vaccine', state: 'failed', error: 'No batch of Rabies vaccine that has not expired holds any stock.' }]);
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

/**
 * A server whose answers the test hands out: each request waits until answered, so what is on its
 * way at once can be read. Counts every request per key (an entry sent twice shows as 2).
 */
function heldServer() {
  let online = true;
  const flying: Array<{ entry: OutboxEntry; answer: (data: unknown) => void; fail: (error: unknown) => void }> = [];
  const requests = new Map<string, number>();
  const sentBodies = new Map<string, Record<string, unknown>>();
  const ids = new Map<string, string>();
  const outbox = new Outbox({
    storage: memoryOutbox(),
    send: (entry) => {
      if (!online) return Promise.reject(new ApiError(0, 'offline'));
      requests.set(entry.key, (requests.get(entry.key) ?? 0) + 1);
      sentBodies.set(entry.key, entry.body);
      return new Promise((answer, fail) => flying.push({ entry, answer, fail }));
    },
    readCase: async () => null,
    isOnline: () => online,
    idMap: { getItem: (k) => ids.get(k) ?? null, setItem: (k, v) => void ids.set(k, v) },
  });
  const take = (key: string) => {
    const at = flying.findIndex((f) => f.entry.key === key);
    if (at < 0) throw new Error(`${key} is not on its way`);
    return flying.splice(at, 1)[0] as (typeof flying)[number];
  };
  return {
    outbox,
    requests,
    sentBodies,
    setOnline: (value: boolean) => (online = value),
    waitOnItsWay: (keys: string[]) => vi.waitFor(() => expect(flying.map((f) => f.entry.key).sort()).toEqual([...keys].sort())),
    /** Answers the request of the entry (by default with the case, as a step save does). */
    answer: (key: string, data?: unknown) => {
      const request = take(key);
      request.answer(data === undefined ? { id: request.entry.caseId } : data);
    },
    fail: (key: string, error: unknown) => take(key).fail(error),
  };
}

/** Queues entries with the network off (as a day in the field leaves them). */
async function queueOffline(outbox: Outbox, setOnline: (value: boolean) => void, entries: NewEntry[]): Promise<void> {
  await outbox.start(7);
  setOnline(false);
  for (const entry of entries) expect(await outbox.submit(entry)).toEqual({ sent: false });
  setOnline(true);
}

describe('the outbox lanes', () => {
  it("sends two cases' entries at once, each case's first entry first", async () => {
    const server = heldServer();
    await queueOffline(server.outbox, server.setOnline, [step('a1', 1, { animalColor: 'Black' }), step('a2', 1, { animalColor: 'Brown' }), step('b1', 2, { animalColor: 'Grey' })]);
    const synced = server.outbox.sync();
    await server.waitOnItsWay(['a1', 'b1']);

    server.answer('a1');
    await server.waitOnItsWay(['b1', 'a2']);
    server.answer('b1');
    server.answer('a2');
    await synced;
    expect(server.outbox.getSnapshot().entries).toEqual([]);
  });

  it("never has two entries of one case on their way at once, nor sends them out of order, and never more than four requests", async () => {
    const order = new Map<number, string[]>();
    let atOnce = 0;
    let mostAtOnce = 0;
    const perCase = new Map<number, number>();
    let overlapped = false;
    const { outbox, setOnline } = makeOutbox(() => ({ id: 1 }), {
      send: async (entry) => {
        atOnce += 1;
        mostAtOnce = Math.max(mostAtOnce, atOnce);
        perCase.set(entry.caseId, (perCase.get(entry.caseId) ?? 0) + 1);
        if ((perCase.get(entry.caseId) ?? 0) > 1) overlapped = true;
        order.set(entry.caseId, [...(order.get(entry.caseId) ?? []), entry.key]);
        // Answers come back in another order than the requests left (later cases answer sooner).
        for (let turn = 0; turn < 10 - entry.caseId; turn += 1) await Promise.resolve();
        atOnce -= 1;
        perCase.set(entry.caseId, (perCase.get(entry.caseId) ?? 0) - 1);
        return { id: entry.caseId };
      },
    });
    const entries: NewEntry[] = [];
    for (let n = 0; n < 4; n += 1) for (let caseId = 1; caseId <= 6; caseId += 1) entries.push(step(`c${caseId}-${n}`, caseId, { animalColor: `colour ${n}` }));
    await queueOffline(outbox, setOnline, entries);
    await outbox.sync();

    for (let caseId = 1; caseId <= 6; caseId += 1) expect(order.get(caseId)).toEqual([0, 1, 2, 3].map((n) => `c${caseId}-${n}`));
    expect(overlapped).toBe(false);
    expect(mostAtOnce).toBeGreaterThan(1);
    expect(mostAtOnce).toBeLessThanOrEqual(4);
    expect(outbox.getSnapshot().entries).toEqual([]);
  });

  it("holds a step save naming a queued photo until the photo's upload is answered, then sends it with the server's name", async () => {
    const server = heldServer();
    const tempName = newQueuedImageName();
    await queueOffline(server.outbox, server.setOnline, [
      { key: 'photo', kind: 'image', path: '/image/createImage', body: { fieldName: 'AnimalPictures' }, caseId: 0, blob: new Blob(['jpeg']), fileName: 'dog.jpg', tempName },
      step('names-it', 12, { animalPictures: [tempName] }),
      step('other-case', 13, { animalColor: 'Black' }),
    ]);
    const synced = server.outbox.sync();
    await server.waitOnItsWay(['photo', 'other-case']);
    server.answer('other-case');

    server.answer('photo', 'a1b2c3d4-0000-4000-8000-000000000000.jpg');
    await server.waitOnItsWay(['names-it']);
    expect(server.sentBodies.get('names-it')).toEqual({ caseId: 12, animalPictures: ['a1b2c3d4-0000-4000-8000-000000000000.jpg'] });
    server.answer('names-it');
    await synced;
    expect(server.outbox.getSnapshot().entries).toEqual([]);
  });

  it('stops every lane on a transient failure in one, and the retry loses nothing and sends nothing twice', async () => {
    const server = heldServer();
    await queueOffline(server.outbox, server.setOnline, [step('a1', 1, { animalColor: 'a' }), step('a2', 1, { animalColor: 'b' }), step('b1', 2, { animalColor: 'c' }), step('b2', 2, { animalColor: 'd' }), step('c1', 3, { animalColor: 'e' }), step('c2', 3, { animalColor: 'f' })]);
    const synced = server.outbox.sync();
    await server.waitOnItsWay(['a1', 'b1', 'c1']);
    server.fail('b1', new ApiError(503, 'Service unavailable'));
    server.answer('a1');
    server.answer('c1');
    await synced;
    // Nothing new went out after the failure; the answered entries are gone, the rest wait.
    expect([...server.requests.keys()].sort()).toEqual(['a1', 'b1', 'c1']);
    expect(server.outbox.getSnapshot().entries.map((e) => e.key)).toEqual(['a2', 'b1', 'b2', 'c2']);

    const retried = server.outbox.sync();
    await server.waitOnItsWay(['a2', 'b1', 'c2']);
    for (const key of ['a2', 'b1', 'c2']) server.answer(key);
    await server.waitOnItsWay(['b2']);
    server.answer('b2');
    await retried;
    expect(Object.fromEntries(server.requests)).toEqual({ a1: 1, a2: 1, b1: 2, b2: 1, c1: 1, c2: 1 });
    expect(server.outbox.getSnapshot().entries).toEqual([]);
  });

  it("keeps one lane's refused entry as failed, holds its case's later entries behind it, and sends every other lane's entries", async () => {
    const { outbox, sent, setOnline } = makeOutbox((entry) => (entry.key === 'a1' ? new ApiError(422, 'Colour is too long') : { id: entry.caseId }));
    await queueOffline(outbox, setOnline, [step('a1', 1, { animalColor: 'x' }), step('a2', 1, { animalMarking: 'Notch' }), step('b1', 2, { animalColor: 'Grey' }), step('b2', 2, { animalColor: 'Brown' })]);
    await outbox.sync();
    expect(sent.map((s) => s.key).sort()).toEqual(['b1', 'b2']);
    expect(outbox.getSnapshot().entries).toMatchObject([
      { key: 'a1', state: 'failed', error: 'Colour is too long' },
      { key: 'a2', state: 'pending' },
    ]);
  });

  it("holds a case created offline's changes until its create is answered, while other cases go on", async () => {
    const server = heldServer();
    await queueOffline(server.outbox, server.setOnline, [
      { key: 'create', kind: 'createCase', path: '/case/createCase', body: { type: 'OPD' }, caseId: -5, tempId: -5 },
      step('new-1', -5, { animalColor: 'Brown' }),
      step('new-2', -5, { animalMarking: 'Notch' }),
      step('old', 8, { animalColor: 'Black' }),
    ]);
    const synced = server.outbox.sync();
    await server.waitOnItsWay(['create', 'old']);
    server.answer('old');
    server.answer('create', { id: 99, ngoId: 1 });
    await server.waitOnItsWay(['new-1']);
    expect(server.sentBodies.get('new-1')).toEqual({ caseId: 99, animalColor: 'Brown' });
    server.answer('new-1');
    await server.waitOnItsWay(['new-2']);
    expect(server.sentBodies.get('new-2')).toEqual({ caseId: 99, animalMarking: 'Notch' });
    server.answer('new-2');
    await synced;
    expect(server.outbox.getSnapshot().entries).toEqual([]);
  });

  it('amends a waiting entry but not one on its way, with several on their way', async () => {
    const server = heldServer();
    await queueOffline(server.outbox, server.setOnline, [step('a1', 1, { animalColor: 'a' }), step('a2', 1, { animalColor: 'b' }), step('b1', 2, { animalColor: 'c' })]);
    const synced = server.outbox.sync();
    await server.waitOnItsWay(['a1', 'b1']);
    expect(await server.outbox.amend((e) => e.key === 'b1', { caseId: 2, animalColor: 'changed' })).toBe(false);
    expect(await server.outbox.amend((e) => e.key === 'a2', { caseId: 1, animalColor: 'changed' })).toBe(true);
    server.answer('a1');
    server.answer('b1');
    await server.waitOnItsWay(['a2']);
    expect(server.sentBodies.get('a2')).toEqual({ caseId: 1, animalColor: 'changed' });
    server.answer('a2');
    await synced;
  });
});

const addDay = (key: string, caseId: number, dayNumber: number, dayId: number): NewEntry => ({ key, kind: 'postOpDay', path: '/case/addPostOpDay', body: { caseId, dayNumber }, caseId, dayId });

describe('the outbox and a 409', () => {
  it("fails a save the user waits on when the server refuses it with a 409 (a day already in the log), with the server's message", async () => {
    const { outbox } = makeOutbox(() => new ApiError(409, 'Day 3 is already in the log'));
    await outbox.start(7);
    await expect(outbox.submit(addDay('day3', 12, 3, -77))).rejects.toThrow('Day 3 is already in the log');
    expect(outbox.getSnapshot().entries).toEqual([]);
  });

  it('keeps an entry refused later with a 409 as failed, with Retry and Discard, and sends the other cases', async () => {
    const { outbox, sent, setOnline } = makeOutbox((entry) => (entry.key === 'day3' ? new ApiError(409, 'Collar/tag 44 is already on case #9') : { id: entry.caseId }));
    await queueOffline(outbox, setOnline, [addDay('day3', 12, 3, -77), step('b1', 13, { animalColor: 'Black' }), step('b2', 13, { animalColor: 'Grey' })]);
    await outbox.sync();
    expect(sent.map((s) => s.key)).toEqual(['b1', 'b2']);
    expect(outbox.getSnapshot().entries).toMatchObject([{ key: 'day3', state: 'failed', error: 'Collar/tag 44 is already on case #9' }]);
  });

  it('keeps a save queued offline that the server refuses for its date order (422) as failed, with its message and the values typed shown on the case', async () => {
    const refusal = 'Operation Date (2026-11-19) cannot be before Capture Date (2026-11-20).';
    const { outbox, sent, setOnline } = makeOutbox(() => new ApiError(422, refusal));
    const typed = { operationDate: '2026-11-19', surgeonName: 'Dr. Meera' };
    await queueOffline(outbox, setOnline, [{ key: 'op', kind: 'caseStep', path: '/case/updateOperationDetail', step: 'operationDetail', caseId: 12, body: { caseId: 12, ...typed } }]);

    await outbox.sync();

    expect(sent).toEqual([]);
    const entries = outbox.getSnapshot().entries;
    expect(entries).toMatchObject([{ key: 'op', state: 'failed', error: refusal, body: { caseId: 12, ...typed } }]);
    expect(withPending(buildCase(), entries).operationDetail).toMatchObject(typed);
  });

  it('corrects a refused step save when the step is saved again (the refused fields kept, the new ones on top) and sends it, instead of holding the new save behind it', async () => {
    let refuse = true;
    const { outbox, sent, setOnline } = makeOutbox((entry) => (refuse ? new ApiError(422, 'Colour refused') : { id: (entry.body as { caseId: number }).caseId }));
    await queueOffline(outbox, setOnline, [step('s1', 12, { animalColor: 'Spotted', animalMarking: 'Notched ear' })]);
    await outbox.sync();
    expect(outbox.getSnapshot().entries).toMatchObject([{ key: 's1', state: 'failed', error: 'Colour refused' }]);

    refuse = false;
    // Saved again from the case page at that step: only the colour was changed.
    expect(await outbox.submit(step('s2', 12, { animalColor: 'Spotted brown' }))).toEqual({ sent: false });
    await vi.waitFor(() => expect(outbox.getSnapshot().entries).toEqual([]));
    expect(sent).toEqual([{ path: '/case/updateAnimalDetail', key: 's1', body: { caseId: 12, animalColor: 'Spotted brown', animalMarking: 'Notched ear' } }]);
  });

  it("adds a save of another step behind a refused one as before (it is not the refused step's fix)", async () => {
    const { outbox, setOnline } = makeOutbox(() => new ApiError(422, 'refused'));
    await queueOffline(outbox, setOnline, [step('s1', 12, { animalColor: 'Spotted' })]);
    await outbox.sync();
    setOnline(false);
    expect(await outbox.submit({ key: 'm1', kind: 'caseStep', path: '/case/updateMedicalDetail', step: 'medicalDetail', caseId: 12, body: { caseId: 12, medicalHistory: 'Mange' } })).toEqual({ sent: false });
    expect(outbox.getSnapshot().entries).toMatchObject([
      { key: 's1', state: 'failed' },
      { key: 'm1', state: 'pending' },
    ]);
  });

  it('opens a refused entry where it is fixed: its case at the step it saves', () => {
    const entry = (fields: Partial<OutboxEntry>): OutboxEntry => ({ key: 'k', kind: 'caseStep', path: '/case/updateMedicalDetail', caseId: 12, body: {}, userId: 7, state: 'failed', createdAt: 0, ...fields }) as OutboxEntry;
    expect(caseAddressOf(entry({ step: 'medicalDetail' }))).toBe('/dashboard/case?id=12&step=3');
    expect(caseAddressOf(entry({ kind: 'updateCase', path: '/case/updateCase' }))).toBe('/dashboard/case?id=12');
    expect(caseAddressOf(entry({ kind: 'createCase', path: '/case/createCase', caseId: -5, tempId: -5 }))).toBe('/dashboard/case?id=-5');
  });

  it('sends an entry again later, with the same key, when the server says a copy of it is still being saved', async () => {
    let inProgress = true;
    const { outbox, sent, setOnline } = makeOutbox((entry) => (inProgress ? new ApiError(409, 'This change is still being saved.', true) : { id: entry.caseId }));
    await queueOffline(outbox, setOnline, [step('s1', 12, { animalColor: 'Black' })]);
    await outbox.sync();
    expect(outbox.getSnapshot().entries).toMatchObject([{ key: 's1', state: 'pending' }]);

    inProgress = false;
    await outbox.sync();
    expect(sent.map((s) => s.key)).toEqual(['s1']);
    expect(outbox.getSnapshot().entries).toEqual([]);
  });
});

const photo = (key: string, tempName: string): NewEntry => ({ key, kind: 'image', path: '/image/createImage', body: { fieldName: 'AnimalPictures' }, caseId: 0, blob: new Blob(['jpeg']), fileName: 'dog.jpg', tempName });

describe('the outbox behind a refused entry', () => {
  it('holds the later saves of a case behind its refused one, so a retried older value never lands over a newer one', async () => {
    const colours: unknown[] = [];
    let refuse = true;
    const { outbox, setOnline } = makeOutbox((entry) => {
      if (entry.key === 's1' && refuse) return new ApiError(422, 'Release needs a reason');
      colours.push(entry.body.animalColor);
      return { id: entry.caseId };
    });
    await queueOffline(outbox, setOnline, [step('s1', 12, { animalColor: 'Black' }), step('s2', 12, { animalColor: 'Brown' }), step('other', 13, { animalColor: 'Grey' })]);
    await outbox.sync();
    expect(colours).toEqual(['Grey']);
    expect(outbox.getSnapshot().entries.map((e) => `${e.key}:${e.state}`)).toEqual(['s1:failed', 's2:pending']);
    expect(heldBehindFailed(outbox.getSnapshot().entries)).toEqual(new Set(['s2']));

    refuse = false;
    await outbox.retry(outbox.getSnapshot().entries[0]?.seq ?? 0);
    expect(colours).toEqual(['Grey', 'Black', 'Brown']);
    expect(outbox.getSnapshot().entries).toEqual([]);
  });

  it('sends the saves that waited behind a refused one once the user discards it', async () => {
    const { outbox, sent, setOnline } = makeOutbox((entry) => (entry.key === 's1' ? new ApiError(422, 'Release needs a reason') : { id: entry.caseId }));
    await queueOffline(outbox, setOnline, [step('s1', 12, { animalColor: 'Black' }), step('s2', 12, { animalColor: 'Brown' })]);
    await outbox.sync();
    expect(sent).toEqual([]);
    await outbox.discard(outbox.getSnapshot().entries[0]?.seq ?? 0);
    expect(sent.map((s) => s.key)).toEqual(['s2']);
    expect(outbox.getSnapshot().entries).toEqual([]);
  });

  it('keeps a step save naming a refused photo waiting (never sent with the temporary name), and sends it without that photo once the photo is discarded', async () => {
    const tempName = newQueuedImageName();
    const { outbox, sent, setOnline } = makeOutbox((entry) => (entry.kind === 'image' ? new ApiError(415, 'Not an image') : { id: entry.caseId }));
    await queueOffline(outbox, setOnline, [photo('photo', tempName), step('names-it', 12, { animalPictures: ['a1b2c3d4-0000-4000-8000-000000000000.jpg', tempName], animalColor: 'Brown' }), step('after', 12, { animalMarking: 'Notch' })]);
    await outbox.sync();
    expect(sent).toEqual([]);
    expect(outbox.getSnapshot().entries.map((e) => `${e.key}:${e.state}`)).toEqual(['photo:failed', 'names-it:pending', 'after:pending']);
    expect(heldBehindFailed(outbox.getSnapshot().entries)).toEqual(new Set(['names-it', 'after']));

    await outbox.discard(outbox.getSnapshot().entries[0]?.seq ?? 0);
    expect(sent.map((s) => s.key)).toEqual(['names-it', 'after']);
    expect(sent[0]?.body).toEqual({ caseId: 12, animalPictures: ['a1b2c3d4-0000-4000-8000-000000000000.jpg'], animalColor: 'Brown' });
    expect(outbox.getSnapshot().entries).toEqual([]);
  });

  it("retries a refused create's changes with it", async () => {
    let refuse = true;
    const { outbox, sent, setOnline } = makeOutbox((entry) => (entry.kind === 'createCase' ? (refuse ? new ApiError(422, 'Type is required') : { id: 99, ngoId: 1 }) : { id: 99 }));
    await queueOffline(outbox, setOnline, [{ key: 'c', kind: 'createCase', path: '/case/createCase', body: { type: 'OPD' }, caseId: -5, tempId: -5 }, step('s', -5, { animalColor: 'Brown' })]);
    await outbox.sync();
    expect(outbox.getSnapshot().entries.map((e) => `${e.key}:${e.state}`)).toEqual(['c:failed', 's:failed']);
    refuse = false;
    await outbox.retry(outbox.getSnapshot().entries[0]?.seq ?? 0);
    expect(sent.map((s) => `${s.key}:${String(s.body.caseId)}`)).toEqual(['c:undefined', 's:99']);
    expect(outbox.getSnapshot().entries).toEqual([]);
  });
});

describe('the outbox and temporary ids', () => {
  it('sends a step saved on a new case just as its create is being answered with the real id', async () => {
    let gate: Promise<void> | null = null;
    let open = () => {};
    const base = memoryOutbox();
    // The create's answer is kept slowly (its bookkeeping holds the queue while the user saves a step).
    const storage = { ...base, remove: async (seq: number) => { if (gate) await gate; return base.remove(seq); } };
    const { outbox, sent, setOnline } = makeOutbox((entry) => (entry.kind === 'createCase' ? { id: 99, ngoId: 1 } : entry.body.caseId === 99 ? { id: 99 } : new ApiError(404, 'Case not found')), { storage });
    await queueOffline(outbox, setOnline, [{ key: 'create', kind: 'createCase', path: '/case/createCase', body: { type: 'OPD' }, caseId: -5, tempId: -5 }]);
    gate = new Promise((resolve) => (open = resolve));
    const synced = outbox.sync();
    await vi.waitFor(() => expect(sent.map((s) => s.key)).toEqual(['create']));
    const late = outbox.submit(step('late', -5, { animalColor: 'Brown' }));
    await Promise.resolve();
    open();
    gate = null;
    await synced;
    await late;
    await outbox.sync();
    expect(sent.map((s) => `${s.key}:${String(s.body.caseId)}`)).toEqual(['create:undefined', 'late:99']);
    expect(outbox.getSnapshot().entries).toEqual([]);
  });

  it("moves a created case's changes to its real id before the create leaves the queue, so a failure in between strands nothing", async () => {
    let failPut = false;
    const base = memoryOutbox();
    const storage = { ...base, put: async (entry: OutboxEntry) => { if (failPut && entry.key === 's1') { failPut = false; throw new Error('QuotaExceededError'); } return base.put(entry); } };
    const { outbox, sent, setOnline } = makeOutbox((entry) => (entry.kind === 'createCase' ? { id: 99, ngoId: 1 } : entry.body.caseId === 99 ? { id: 99 } : new ApiError(404, 'Case not found')), { storage });
    await queueOffline(outbox, setOnline, [{ key: 'create', kind: 'createCase', path: '/case/createCase', body: { type: 'OPD' }, caseId: -5, tempId: -5 }, step('s1', -5, { animalColor: 'Brown' })]);
    failPut = true;
    await outbox.sync();
    // The app opened again: the create (answered, still queued) is replayed by its key, and its change follows.
    await outbox.start(7);
    await outbox.sync();
    expect(sent.filter((s) => s.key === 's1').map((s) => s.body.caseId)).toEqual([99]);
    expect(outbox.getSnapshot().entries).toEqual([]);
  });

  it("sends a change still naming a case's temporary id, or an answered photo's temporary name, with the server's", async () => {
    const tempName = newQueuedImageName();
    const ids = new Map<string, string>([
      ['rescuedesk.outbox.ids', JSON.stringify({ '-5': 99 })],
      ['rescuedesk.outbox.names', JSON.stringify({ [tempName]: 'a1b2c3d4-0000-4000-8000-000000000000.jpg' })],
    ]);
    const storage = memoryOutbox();
    // As another tab, or an older version, left it: the create answered, its change not moved yet.
    await storage.add({ ...step('s1', -5, { animalPictures: [tempName] }), userId: 7, state: 'pending', createdAt: 0 });
    const { outbox, sent } = makeOutbox(() => ({ id: 99 }), { storage, idMap: { getItem: (k) => ids.get(k) ?? null, setItem: (k, v) => void ids.set(k, v) } });
    await outbox.start(7);
    await outbox.sync();
    expect(sent).toEqual([{ path: '/case/updateAnimalDetail', key: 's1', body: { caseId: 99, animalPictures: ['a1b2c3d4-0000-4000-8000-000000000000.jpg'] } }]);
  });
});

describe('the outbox and whose queue', () => {
  /** An outbox whose conflict read waits until released (the entry's send comes right after it). */
  function slowRead() {
    let release = () => {};
    let reading = false;
    const made = makeOutbox((entry) => ({ id: entry.caseId }), {
      readCase: () => {
        reading = true;
        return new Promise((resolve) => (release = () => resolve({ animalDetail: {} })));
      },
    });
    return { ...made, release: () => release(), whenReading: () => vi.waitFor(() => expect(reading).toBe(true)) };
  }

  it("never sends a user's change after another user has signed in on the device", async () => {
    const { outbox, sent, storage, setOnline, release, whenReading } = slowRead();
    await queueOffline(outbox, setOnline, [{ ...step('mine', 12, { animalColor: 'Black' }), base: { animalColor: 'White' } }]);
    const synced = outbox.sync();
    await whenReading();
    await outbox.start(8);
    release();
    await synced;
    expect(sent).toEqual([]);
    expect((await storage.all(7)).map((e) => e.key)).toEqual(['mine']);
  });

  it('never sends a change once the session has ended, even one whose conflict read was on its way', async () => {
    const { outbox, sent, storage, setOnline, release, whenReading } = slowRead();
    await queueOffline(outbox, setOnline, [{ ...step('mine', 12, { animalColor: 'Black' }), base: { animalColor: 'White' } }]);
    const synced = outbox.sync();
    await whenReading();
    outbox.pause();
    release();
    await synced;
    expect(sent).toEqual([]);
    expect((await storage.all(7)).map((e) => e.key)).toEqual(['mine']);
  });

  it("cancels the previous user's retry when another user signs in", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { outbox, setOnline } = makeOutbox(() => new ApiError(503, 'Service unavailable'));
      await queueOffline(outbox, setOnline, [step('mine', 12, { animalColor: 'Black' })]);
      await outbox.sync();
      expect(vi.getTimerCount()).toBe(1);
      await outbox.start(8);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends nothing when the attempted mark cannot be stored, answers the save as queued, and retries with backoff until it can', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const base = memoryOutbox();
      let storageFull = true;
      const storage = { ...base, put: async (entry: OutboxEntry) => (storageFull && entry.attempted ? Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')) : base.put(entry)) };
      const { outbox, sent } = makeOutbox(() => ({ id: 12 }), { storage });
      await outbox.start(7);
      // Online: submit starts the sync itself (void this.sync()); it must neither reject nor send.
      expect(await outbox.submit(step('mine', 12, { animalColor: 'Black' }))).toEqual({ sent: false });
      await outbox.sync();
      expect(sent).toEqual([]);
      expect(outbox.getSnapshot().entries).toMatchObject([{ key: 'mine', state: 'pending' }]);
      expect(vi.getTimerCount()).toBe(1);

      storageFull = false;
      await vi.runOnlyPendingTimersAsync();
      await outbox.sync();
      expect(sent.map((s) => s.key)).toEqual(['mine']);
      expect(outbox.getSnapshot().entries).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers a save made while the session has ended as queued, instead of leaving it waiting', async () => {
    const { outbox } = makeOutbox(() => new ApiError(401, 'Please sign in'));
    await outbox.start(7);
    expect(await outbox.submit(step('first', 12, { animalColor: 'Black' }))).toEqual({ sent: false });
    expect(outbox.getSnapshot().paused).toBe(true);
    expect(await outbox.submit(step('second', 12, { animalColor: 'Brown' }))).toEqual({ sent: false });
    expect(outbox.getSnapshot().entries.map((e) => e.key)).toEqual(['first', 'second']);
  });
});

/**
 * A server with the daily log and ADR 011's replay, as the real one: a key it has applied answers its
 * first answer again; a refusal (a day number already in the log) records nothing, so the same key
 * is applied once corrected; the next answer can be lost on the way (applied, but the outbox hears nothing).
 */
function dailyLogServer() {
  const days = new Map<number, { dayNumber: number; notes?: unknown }>();
  let nextDayId = 500;
  let loseNext = false;
  const answers = new Map<string, unknown>();
  const kase = () => ({ id: 12, postOpDays: [...days].map(([id, day]) => ({ id, ...day })) });
  const made = makeOutbox((entry) => {
    if (answers.has(entry.key)) return answers.get(entry.key);
    const { body } = entry;
    if (entry.path === '/case/addPostOpDay') {
      if ([...days.values()].some((day) => day.dayNumber === body.dayNumber)) return new ApiError(409, `Day ${String(body.dayNumber)} is already in the log`);
      days.set(nextDayId++, { dayNumber: Number(body.dayNumber), notes: body.notes });
    } else if (typeof body.id !== 'number' || body.id < 0 || !days.has(body.id)) return new ApiError(400, 'No such day');
    else if (entry.path === '/case/deletePostOpDay') days.delete(body.id);
    else days.set(body.id, { ...(days.get(body.id) as { dayNumber: number }), notes: body.notes });
    answers.set(entry.key, kase());
    if (loseNext) {
      loseNext = false;
      return new ApiError(0, 'network lost');
    }
    return kase();
  });
  return { ...made, days, loseNextAnswer: () => (loseNext = true) };
}

describe('the outbox and a day added offline', () => {
  const add = (notes: string): NewEntry => ({ ...addDay('day3', 12, 3, -77), body: { caseId: 12, dayNumber: 3, notes } });

  it('amends a waiting add never sent, so the day is added once as last edited', async () => {
    const server = dailyLogServer();
    await queueOffline(server.outbox, server.setOnline, [add('eating')]);
    expect(await server.outbox.amend((e) => e.dayId === -77, { caseId: 12, dayNumber: 3, notes: 'NOT eating' })).toBe(true);
    await server.outbox.sync();
    expect([...server.days.values()]).toEqual([{ dayNumber: 3, notes: 'NOT eating' }]);
  });

  it('refuses to amend an add already sent once without an answer, and sends a change queued behind it to the real day', async () => {
    const server = dailyLogServer();
    await queueOffline(server.outbox, server.setOnline, [add('eating')]);
    server.loseNextAnswer();
    await server.outbox.sync();
    expect(server.outbox.getSnapshot().entries).toMatchObject([{ key: 'day3', attempted: true }]);

    expect(await server.outbox.amend((e) => e.dayId === -77, { caseId: 12, dayNumber: 3, notes: 'NOT eating, fever' })).toBe(false);
    await server.outbox.submit({ key: 'edit', kind: 'postOpDay', path: '/case/updatePostOpDay', body: { id: -77, notes: 'NOT eating, fever' }, caseId: 12 });
    await server.outbox.sync();
    expect([...server.days.values()]).toEqual([{ dayNumber: 3, notes: 'NOT eating, fever' }]);
    expect(server.outbox.getSnapshot().entries).toEqual([]);
  });

  it('deletes a day whose add reached the server with its answer lost, by a delete queued behind the add', async () => {
    const server = dailyLogServer();
    await queueOffline(server.outbox, server.setOnline, [add('eating')]);
    server.loseNextAnswer();
    await server.outbox.sync();
    expect(await server.outbox.amend((e) => e.dayId === -77, null)).toBe(false);
    await server.outbox.submit({ key: 'delete', kind: 'postOpDay', path: '/case/deletePostOpDay', body: { id: -77 }, caseId: 12 });
    await server.outbox.sync();
    expect(server.days.size).toBe(0);
    expect(server.outbox.getSnapshot().entries).toEqual([]);
  });

  it('refuses to amend an add stored by the previous version (no attempted mark) that may have reached the server, and sends the change behind it', async () => {
    const server = dailyLogServer();
    await queueOffline(server.outbox, server.setOnline, [add('eating')]);
    server.loseNextAnswer();
    await server.outbox.sync();
    // As the previous version stored it: sent once, its answer lost, and no attempted field.
    const [stored] = await server.storage.all(7);
    const { attempted: _attempted, ...older } = stored as OutboxEntry;
    await server.storage.put(older);
    server.setOnline(false);
    await server.outbox.start(7);

    expect(await server.outbox.amend((e) => e.dayId === -77, { caseId: 12, dayNumber: 3, notes: 'NOT eating, fever' })).toBe(false);
    await server.outbox.submit({ key: 'edit', kind: 'postOpDay', path: '/case/updatePostOpDay', body: { id: -77, notes: 'NOT eating, fever' }, caseId: 12 });
    server.setOnline(true);
    await server.outbox.sync();
    expect([...server.days.values()]).toEqual([{ dayNumber: 3, notes: 'NOT eating, fever' }]);
    expect(server.outbox.getSnapshot().entries).toEqual([]);
  });

  it('corrects a queued add refused because its day number is taken, sent before, under the same key, and the server adds the corrected day', async () => {
    const server = dailyLogServer();
    server.days.set(400, { dayNumber: 3, notes: 'colleague' }); // a colleague added day 3 meanwhile
    await queueOffline(server.outbox, server.setOnline, [add('eating')]);
    await server.outbox.sync();
    expect(server.outbox.getSnapshot().entries).toMatchObject([{ key: 'day3', state: 'failed', attempted: true }]);

    // The worker changes the day's number to 4, as the message asks (update-post-op-day amends the waiting add).
    expect(await server.outbox.amend((e) => e.dayId === -77, { caseId: 12, dayNumber: 4, notes: 'eating' })).toBe(true);
    await server.outbox.sync();
    expect(server.sent.map((s) => [s.key, s.body.dayNumber])).toEqual([['day3', 4]]);
    expect([...server.days.values()]).toEqual([{ dayNumber: 3, notes: 'colleague' }, { dayNumber: 4, notes: 'eating' }]);
    expect(server.outbox.getSnapshot().entries).toEqual([]);
  });

  it('drops a refused add deleted by the worker, with the change queued behind it, and sends neither', async () => {
    const addAnswers = [new ApiError(503, 'Service unavailable'), new ApiError(409, 'Day 3 is already in the log')];
    const { outbox, sent, setOnline } = makeOutbox((entry) => (entry.path === '/case/addPostOpDay' ? (addAnswers.shift() ?? { id: 12 }) : { id: 12 }));
    await queueOffline(outbox, setOnline, [add('eating')]);
    await outbox.sync(); // no answer: attempted, so the edit goes behind it
    expect(await outbox.amend((e) => e.dayId === -77, { caseId: 12, dayNumber: 3, notes: 'fever' })).toBe(false);
    setOnline(false);
    await outbox.submit({ key: 'edit', kind: 'postOpDay', path: '/case/updatePostOpDay', body: { id: -77, notes: 'fever' }, caseId: 12 });
    setOnline(true);
    await outbox.sync(); // the add refused, the edit held behind it
    expect(outbox.getSnapshot().entries.map((e) => `${e.key}:${e.state}`)).toEqual(['day3:failed', 'edit:pending']);

    expect(await outbox.amend((e) => e.dayId === -77, null)).toBe(true);
    await outbox.sync();
    expect(sent).toEqual([]);
    expect(outbox.getSnapshot().entries).toEqual([]);
  });

  it("drops the changes of a day whose add is discarded", async () => {
    const { outbox, sent, setOnline } = makeOutbox((entry) => (entry.path === '/case/addPostOpDay' ? new ApiError(409, 'Day 3 is already in the log') : { id: 12 }));
    await queueOffline(outbox, setOnline, [add('eating'), { key: 'edit', kind: 'postOpDay', path: '/case/updatePostOpDay', body: { id: -77, notes: 'fever' }, caseId: 12 }, step('after', 12, { animalColor: 'Black' })]);
    await outbox.sync();
    await outbox.discard(outbox.getSnapshot().entries[0]?.seq ?? 0);
    expect(sent.map((s) => s.key)).toEqual(['after']);
    expect(outbox.getSnapshot().entries).toEqual([]);
  });
});

describe('the outbox and an answer the server did not keep', () => {
  it('asks again for a create replayed as { data: null }, without the header, so its changes go to the real case', async () => {
    const sent: Array<{ key: string; withKey: boolean; caseId: unknown }> = [];
    const { outbox, setOnline } = makeOutbox(() => null, {
      // ADR 011: the key was recorded, its answer was not; the body's own key finds the case made.
      send: async (entry, options) => {
        sent.push({ key: entry.key, withKey: !options?.withoutKey, caseId: entry.body.caseId });
        if (entry.kind === 'createCase') return options?.withoutKey ? { id: 99, ngoId: 1 } : null;
        return entry.body.caseId === 99 ? { id: 99 } : Promise.reject(new ApiError(404, 'Case not found'));
      },
    });
    await queueOffline(outbox, setOnline, [{ key: 'create', kind: 'createCase', path: '/case/createCase', body: { type: 'OPD', idempotencyKey: 'create' }, caseId: -5, tempId: -5 }, step('s1', -5, { animalColor: 'Brown' })]);
    await outbox.sync();
    expect(sent).toEqual([
      { key: 'create', withKey: true, caseId: undefined },
      { key: 'create', withKey: false, caseId: undefined },
      { key: 's1', withKey: true, caseId: 99 },
    ]);
    expect(outbox.getSnapshot().entries).toEqual([]);
  });

  it('reads the case for the id of a day whose add was replayed as { data: null }, so a change queued behind it reaches that day', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    const { outbox, setOnline } = makeOutbox(
      (entry) => {
        bodies.push(entry.body);
        return entry.path === '/case/addPostOpDay' ? null : { id: 12 };
      },
      { readCase: async () => ({ id: 12, postOpDays: [{ id: 500, dayNumber: 3 }] }) },
    );
    await queueOffline(outbox, setOnline, [addDay('day3', 12, 3, -77), { key: 'edit', kind: 'postOpDay', path: '/case/updatePostOpDay', body: { id: -77, notes: 'fever' }, caseId: 12 }]);
    await outbox.sync();
    expect(bodies[1]).toEqual({ id: 500, notes: 'fever' });
  });

  it('keeps a photo replayed as { data: null } as failed, and the step naming it waiting, instead of sending its temporary name', async () => {
    const tempName = newQueuedImageName();
    const { outbox, sent, setOnline } = makeOutbox((entry) => (entry.kind === 'image' ? null : { id: 12 }));
    await queueOffline(outbox, setOnline, [photo('photo', tempName), step('names-it', 12, { animalPictures: [tempName] })]);
    await outbox.sync();
    expect(JSON.stringify(sent.filter((s) => s.key !== 'photo'))).not.toContain(tempName);
    expect(outbox.getSnapshot().entries).toMatchObject([{ key: 'photo', state: 'failed', error: 'The server kept this photo but not its name: discard it and add the photo again.' }, { key: 'names-it', state: 'pending' }]);
  });
});

/**
 * Two tabs of one user: two outboxes sharing one stored queue, one daily-log server (keys replayed,
 * refusals recording nothing) and one local storage; navigator.locks stubbed by one lock shared by
 * both, as the browser's Web Locks are.
 */
function twoTabs() {
  const days = new Map<number, { dayNumber: number; notes?: unknown }>();
  let nextDayId = 500;
  let loseNext = false;
  const answers = new Map<string, unknown>();
  const kase = () => ({ id: 12, postOpDays: [...days].map(([id, day]) => ({ id, ...day })) });
  const handle = (entry: OutboxEntry): unknown => {
    if (answers.has(entry.key)) return answers.get(entry.key);
    const { body } = entry;
    if (entry.path === '/case/addPostOpDay') {
      if ([...days.values()].some((day) => day.dayNumber === body.dayNumber)) return new ApiError(409, `Day ${String(body.dayNumber)} is already in the log`);
      days.set(nextDayId++, { dayNumber: Number(body.dayNumber), notes: body.notes });
    } else if (typeof body.id !== 'number' || body.id < 0 || !days.has(body.id)) return new ApiError(400, 'No such day');
    else days.set(body.id, { ...(days.get(body.id) as { dayNumber: number }), notes: body.notes });
    answers.set(entry.key, kase());
    if (loseNext) {
      loseNext = false;
      return new ApiError(0, 'network lost');
    }
    return kase();
  };
  const shared = memoryOutbox();
  const ids = new Map<string, string>();
  let gate: Promise<void> | null = null;
  let openGate = () => {};
  const tab = (gated: (entry: OutboxEntry) => boolean) => {
    let online = false;
    const outbox = new Outbox({
      // A tab whose writes of the queue can be held at the gate (between its check and its write).
      storage: { ...shared, put: async (entry) => (gate && gated(entry) ? gate.then(() => shared.put(entry)) : shared.put(entry)) },
      send: async (entry) => {
        if (!online) throw new ApiError(0, 'offline');
        const result = handle(entry);
        if (result instanceof Error) throw result;
        return result;
      },
      readCase: async () => kase(),
      isOnline: () => online,
      idMap: { getItem: (k) => ids.get(k) ?? null, setItem: (k, v) => void ids.set(k, v) },
    });
    return { outbox, setOnline: (value: boolean) => (online = value) };
  };
  let chain: Promise<unknown> = Promise.resolve();
  const locks = {
    request: (name: string, work: (lock: unknown) => Promise<unknown>) => {
      const result = chain.then(() => work({ name, mode: 'exclusive' }));
      chain = result.catch(() => undefined);
      return result;
    },
  };
  return {
    days,
    tab,
    locks,
    loseNextAnswer: () => (loseNext = true),
    closeGate: () => (gate = new Promise((resolve) => (openGate = resolve))),
    openGate: () => {
      gate = null;
      openGate();
    },
  };
}

/** Lets the other tab run as far as it can (it waits on the lock, or on nothing). */
async function letOtherTabRun(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('the outbox in two tabs', () => {
  const add = (notes: string): NewEntry => ({ ...addDay('day3', 12, 3, -77), body: { caseId: 12, dayNumber: 3, notes } });
  const withWebLocks = async (locks: unknown, test: () => Promise<void>) => {
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      await test();
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  };

  it("keeps an edit amended in one tab while the other tab starts sending the add: the send waits for the amend and sends the edited day", async () => {
    const two = twoTabs();
    await withWebLocks(two.locks, async () => {
      const a = two.tab(() => false);
      const b = two.tab(() => true);
      await a.outbox.start(7);
      await a.outbox.submit(add('eating'));
      await b.outbox.start(7);
      // Tab B has found the add not sent yet and is writing the edited body into it...
      two.closeGate();
      const amended = b.outbox.amend((e) => e.dayId === -77, { caseId: 12, dayNumber: 3, notes: 'NOT eating, fever' });
      await letOtherTabRun();
      // ...when tab A gets the network back and sends the queue (its answer lost on the way).
      a.setOnline(true);
      two.loseNextAnswer();
      const sending = a.outbox.sync();
      await letOtherTabRun();
      two.openGate();
      expect(await amended).toBe(true);
      await sending;
      await a.outbox.sync();
      b.setOnline(true);
      await b.outbox.sync();
      expect([...two.days.values()]).toEqual([{ dayNumber: 3, notes: 'NOT eating, fever' }]);
      expect(a.outbox.getSnapshot().entries).toEqual([]);
      expect(b.outbox.getSnapshot().entries).toEqual([]);
    });
  });

  it('queues an edit behind the add when the other tab is marking it attempted, instead of amending a copy that is being sent', async () => {
    const two = twoTabs();
    await withWebLocks(two.locks, async () => {
      const a = two.tab((entry) => entry.attempted === true);
      const b = two.tab(() => false);
      await a.outbox.start(7);
      await a.outbox.submit(add('eating'));
      await b.outbox.start(7);
      // Tab A has read the queue and is writing the add's attempted mark...
      two.closeGate();
      a.setOnline(true);
      const sending = a.outbox.sync();
      await letOtherTabRun();
      // ...when the worker edits the day in tab B: it must not amend the add A is about to send.
      const amending = b.outbox.amend((e) => e.dayId === -77, { caseId: 12, dayNumber: 3, notes: 'NOT eating, fever' });
      await letOtherTabRun();
      two.openGate();
      expect(await amending).toBe(false);
      await b.outbox.submit({ key: 'edit', kind: 'postOpDay', path: '/case/updatePostOpDay', body: { id: -77, notes: 'NOT eating, fever' }, caseId: 12 });
      await sending;
      b.setOnline(true);
      await b.outbox.sync();
      await a.outbox.sync();
      expect([...two.days.values()]).toEqual([{ dayNumber: 3, notes: 'NOT eating, fever' }]);
      expect(a.outbox.getSnapshot().entries).toEqual([]);
      expect(b.outbox.getSnapshot().entries).toEqual([]);
    });
  });

  it("retries the add as corrected in the other tab, not the refused copy this tab still showed", async () => {
    const two = twoTabs();
    await withWebLocks(two.locks, async () => {
      two.days.set(400, { dayNumber: 3, notes: 'colleague' });
      const a = two.tab(() => false);
      const b = two.tab(() => false);
      await a.outbox.start(7);
      await a.outbox.submit(add('eating'));
      a.setOnline(true);
      await a.outbox.sync();
      expect(a.outbox.getSnapshot().entries).toMatchObject([{ key: 'day3', state: 'failed' }]);
      // Tab B (offline) corrects the day's number; tab A still shows the refused add, and Retry is chosen there.
      await b.outbox.start(7);
      expect(await b.outbox.amend((e) => e.dayId === -77, { caseId: 12, dayNumber: 4, notes: 'eating' })).toBe(true);
      await a.outbox.retry(a.outbox.getSnapshot().entries[0]?.seq ?? 0);
      expect([...two.days.values()]).toEqual([{ dayNumber: 3, notes: 'colleague' }, { dayNumber: 4, notes: 'eating' }]);
      expect(a.outbox.getSnapshot().entries).toEqual([]);
    });
  });
});
