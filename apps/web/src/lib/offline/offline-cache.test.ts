import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, onlineManager } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { startOfflineCache, userCacheKey, type KeyValueStorage, type OfflineCache } from './offline-cache';
import { noteDataKept, isReadyForOffline } from './offline-ready';
import { readOfflineUser } from './offline-user';

/** IndexedDB stand-in: what the persister writes, by key. */
function memoryStorage(): KeyValueStorage & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return {
    map,
    get: async (key) => map.get(key),
    set: async (key, value) => void map.set(key, structuredClone(value)),
    del: async (key) => void map.delete(key),
    clear: async () => map.clear(),
  };
}

const me = (id: number) => ({ id, name: `User ${id}`, role: 'Worker', ngoId: 1, language: 'en' });
const keptKeys = (storage: { map: Map<string, unknown> }, userId: number) =>
  ((storage.map.get(userCacheKey(userId)) as PersistedClient | undefined)?.clientState.queries ?? []).map((q) => JSON.stringify(q.queryKey));

/** The app's start: a query client, its kept cache restored; `signedIn` answers /auth/me. */
async function openApp(storage: KeyValueStorage, signedIn: ReturnType<typeof me> | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const cache = startOfflineCache(queryClient, { storage, throttleMs: 0 });
  opened.push(cache);
  await cache.restored;
  const restoredCase = queryClient.getQueryData(['cases', 'detail', 1]);
  await queryClient.fetchQuery({ queryKey: ['auth', 'me'], queryFn: async () => signedIn, staleTime: 0 });
  return { queryClient, cache, restoredCase };
}

const opened: OfflineCache[] = [];

describe('the query cache kept for reading offline', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    for (const cache of opened.splice(0)) cache.stop();
    onlineManager.setOnline(true);
    noteDataKept(false);
  });

  it("keeps a case the user opened under that user's id, and gives it back on the next visit", async () => {
    const storage = memoryStorage();
    const first = await openApp(storage, me(4));
    await first.queryClient.fetchQuery({ queryKey: ['cases', 'detail', 1], queryFn: async () => ({ id: 1, reporter: 'Olga' }) });
    await first.cache.flush();
    expect(keptKeys(storage, 4)).toEqual(expect.arrayContaining([JSON.stringify(['auth', 'me']), JSON.stringify(['cases', 'detail', 1])]));
    first.cache.stop();

    const second = await openApp(storage, me(4));
    expect(second.restoredCase).toEqual({ id: 1, reporter: 'Olga' });
  });

  it("never shows one user's kept data to another, and deletes it when another user signs in", async () => {
    const storage = memoryStorage();
    const first = await openApp(storage, me(4));
    await first.queryClient.fetchQuery({ queryKey: ['cases', 'detail', 1], queryFn: async () => ({ id: 1 }) });
    await first.cache.flush();
    first.cache.stop();

    // User 4's session ended elsewhere; user 9 signs in on the same device.
    const second = await openApp(storage, me(9));
    expect(second.queryClient.getQueryData(['cases', 'detail', 1])).toBeUndefined();
    await second.cache.flush();
    expect(storage.map.has(userCacheKey(4))).toBe(false);
    expect(readOfflineUser()).toEqual({ id: 9, signedIn: true });
  });

  it('keeps the data of a session that ended while it writes none, for the same user to get back', async () => {
    const storage = memoryStorage();
    const first = await openApp(storage, me(4));
    await first.queryClient.fetchQuery({ queryKey: ['cases', 'detail', 1], queryFn: async () => ({ id: 1 }) });
    await first.cache.flush();

    first.cache.sessionEnded();
    first.queryClient.clear();
    await first.cache.flush();
    expect(keptKeys(storage, 4)).toContain(JSON.stringify(['cases', 'detail', 1]));
    expect(readOfflineUser()).toEqual({ id: 4, signedIn: false });
    first.cache.stop();

    // Nothing is restored for a session the server ended, until the same user signs in again.
    const second = await openApp(storage, null);
    expect(second.restoredCase).toBeUndefined();
    expect(storage.map.has(userCacheKey(4))).toBe(true);
  });

  it('keeps the last answer of a case whose refresh failed offline', async () => {
    const storage = memoryStorage();
    const { queryClient, cache } = await openApp(storage, me(4));
    await queryClient.fetchQuery({ queryKey: ['cases', 'detail', 1], queryFn: async () => ({ id: 1 }) });
    await queryClient
      .fetchQuery({ queryKey: ['cases', 'detail', 1], queryFn: () => Promise.reject(new Error('no network')), staleTime: 0 })
      .catch(() => undefined);
    await cache.flush();
    const kept = (storage.map.get(userCacheKey(4)) as PersistedClient).clientState.queries.find((q) => JSON.stringify(q.queryKey) === '["cases","detail",1]');
    expect(kept?.state).toMatchObject({ data: { id: 1 }, status: 'success', error: null });
  });

  it('deletes everything on sign-out', async () => {
    const storage = memoryStorage();
    const { queryClient, cache } = await openApp(storage, me(4));
    await queryClient.fetchQuery({ queryKey: ['cases', 'detail', 1], queryFn: async () => ({ id: 1 }) });
    await cache.flush();

    await cache.forget();
    queryClient.clear();
    await cache.flush();
    expect(storage.map.size).toBe(0);
    expect(readOfflineUser()).toBeNull();
  });

  it('keeps what a user sees when the sign-in page had already found their session before the cache started, without a reload', async () => {
    const storage = memoryStorage();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    // The sign-in page opened on its own asked who is signed in: nothing of the app was running yet.
    await queryClient.fetchQuery({ queryKey: ['auth', 'me'], queryFn: async () => me(4) });
    const cache = startOfflineCache(queryClient, { storage, throttleMs: 0 });
    opened.push(cache);
    await cache.restored;
    expect(readOfflineUser()).toEqual({ id: 4, signedIn: true });

    await queryClient.fetchQuery({ queryKey: ['cases', 'detail', 1], queryFn: async () => ({ id: 1 }) });
    await vi.waitFor(() => expect(keptKeys(storage, 4)).toEqual(expect.arrayContaining([JSON.stringify(['auth', 'me']), JSON.stringify(['cases', 'detail', 1])])));
  });

  it('writes the first answer after a quiet while at once, and everything at once when the network goes', async () => {
    const storage = memoryStorage();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const cache = startOfflineCache(queryClient, { storage, throttleMs: 60_000 });
    opened.push(cache);
    await cache.restored;
    await queryClient.fetchQuery({ queryKey: ['auth', 'me'], queryFn: async () => me(4) });
    // The user's first answer is written without waiting out the minute.
    await vi.waitFor(() => expect(keptKeys(storage, 4)).toContain(JSON.stringify(['auth', 'me'])));

    // A case answered right after waits for the rest of the minute, unless the network goes.
    await queryClient.fetchQuery({ queryKey: ['cases', 'detail', 1], queryFn: async () => ({ id: 1 }) });
    expect(keptKeys(storage, 4)).not.toContain(JSON.stringify(['cases', 'detail', 1]));
    window.dispatchEvent(new Event('offline'));
    await vi.waitFor(() => expect(keptKeys(storage, 4)).toContain(JSON.stringify(['cases', 'detail', 1])));
  });

  it('is ready for offline use only once a write holds the answers the screen asked for (never dropping one on its way), and no longer after signing out', async () => {
    const storage = memoryStorage();
    const { queryClient, cache } = await openApp(storage, me(4));
    let answer: (value: { data: unknown[] }) => void = () => {};
    const listKey = ['cases', 'list', { type: 'All', page: 1 }];
    // Asked for before any page shows it (the dashboard's list is asked for while its page loads).
    const list = queryClient.fetchQuery({ queryKey: listKey, queryFn: () => new Promise<{ data: unknown[] }>((resolve) => (answer = resolve)) });
    await cache.flush();
    expect(isReadyForOffline()).toBe(false);
    expect(queryClient.getQueryState(listKey)?.fetchStatus).toBe('fetching');

    answer({ data: [] });
    await list;
    await cache.flush();
    expect(isReadyForOffline()).toBe(true);

    await cache.forget();
    expect(isReadyForOffline()).toBe(false);
  });

  it('counts kept data restored on opening as ready for offline use', async () => {
    const storage = memoryStorage();
    const first = await openApp(storage, me(4));
    await first.cache.flush();
    first.cache.stop();
    noteDataKept(false);

    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const second = startOfflineCache(queryClient, { storage, throttleMs: 0 });
    opened.push(second);
    await second.restored;
    expect(isReadyForOffline()).toBe(true);
  });
});
