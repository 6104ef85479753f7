import { onlineManager, type DehydratedState, type Query, type QueryCacheNotifyEvent, type QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave, type PersistedClient, type Persister } from '@tanstack/react-query-persist-client';
import type { Me } from '@rescuedesk/shared';
import { clear, createStore, del, get, set } from 'idb-keyval';
import { THUMBNAIL_CACHE } from '../../service-worker/caches';
import { activeOfflineUserId, forgetOfflineUser, noteSessionEnded, noteSignedIn } from './offline-user';
import { noteDataKept } from './offline-ready';
import { OFFLINE_CACHE_VERSION, OFFLINE_MAX_AGE_MS, capPersistedQueries, mayPersistQuery, offlineKind } from './persist-policy';

/**
 * The query cache kept in IndexedDB for reading offline (docs/decisions/012): restored when the app
 * opens, written as answers arrive (at once, then at most once a second; at once when the network
 * goes), under the signed-in user's id and capped by persist-policy.ts. Signing out deletes it; an
 * ended session only stops it.
 */

/** Where kept data lives: a key-value store (IndexedDB in the app, a Map in tests). */
export interface KeyValueStorage {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  clear(): Promise<void>;
}

export function indexedDbStorage(): KeyValueStorage {
  const store = createStore('rescuedesk-offline', 'query-cache');
  return {
    get: (key) => get(key, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
    clear: () => clear(store),
  };
}

export const userCacheKey = (userId: number) => `user:${userId}`;

const ME_KEY_HEAD = ['auth', 'me'] as const;
const isMe = (query: Pick<Query, 'queryKey'>) => query.queryKey[0] === ME_KEY_HEAD[0] && query.queryKey[1] === ME_KEY_HEAD[1];

/** How long an unused answer stayed in memory before (TanStack's default); kept kinds now stay longer. */
const USUAL_GC_MS = 5 * 60 * 1000;
/** A broken or slow IndexedDB never keeps the app from opening. */
const RESTORE_TIMEOUT_MS = 1500;

/**
 * Writes go one after another, so a user's data deleted after a switch of user is never written
 * back by a write that was still under way.
 */
function serialQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

/**
 * A kept answer as it was answered: a refresh that failed since (offline) must not stop it being
 * kept, nor bring its error back on the next visit.
 */
function asAnswered<Q extends { state: DehydratedState['queries'][number]['state'] }>(query: Q): Q {
  const { state } = query;
  if (state.status === 'success' && state.error === null) return query;
  return { ...query, state: { ...state, status: 'success', error: null, errorUpdateCount: 0, errorUpdatedAt: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchStatus: 'idle' } };
}

/** A persister that reads and writes the kept data of the user the device knows as signed in, and nothing without one. */
export function createUserPersister(storage: KeyValueStorage, enqueue = serialQueue(), currentUser = activeOfflineUserId): Persister {
  return {
    persistClient: (client: PersistedClient) => {
      // Read now, with the cache as it is now: the write itself may wait in the queue.
      const userId = currentUser();
      if (userId === null) return;
      const kept: PersistedClient = { ...client, clientState: { mutations: [], queries: capPersistedQueries(client.clientState.queries).map(asAnswered) } };
      return enqueue(() => storage.set(userCacheKey(userId), kept));
    },
    restoreClient: async () => {
      const userId = currentUser();
      if (userId === null) return undefined;
      return (await enqueue(() => storage.get(userCacheKey(userId)))) as PersistedClient | undefined;
    },
    removeClient: () => {
      const userId = currentUser();
      if (userId === null) return;
      return enqueue(() => storage.del(userCacheKey(userId)));
    },
  };
}

export interface OfflineCache {
  /** Settles once the kept data (if any) is in the query cache, or has been given up on. */
  restored: Promise<void>;
  /** Writes what is pending now (the page is being hidden or closed). */
  flush: () => Promise<void>;
  /** Signed out: deletes every user's kept data and the kept thumbnails. */
  forget: () => Promise<void>;
  /** The session ended without a sign-out: keeps the data, shows and writes none of it. */
  sessionEnded: () => void;
  stop: () => void;
}

async function deleteThumbnails(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(THUMBNAIL_CACHE).catch(() => false);
}

/** The app's one kept cache, for the sign-out and the end of a session to reach. */
let running: OfflineCache | null = null;

export function startOfflineCache(queryClient: QueryClient, { storage = indexedDbStorage(), throttleMs = 1000 }: { storage?: KeyValueStorage; throttleMs?: number } = {}): OfflineCache {
  const enqueue = serialQueue();
  const persister = createUserPersister(storage, enqueue);
  const options = { queryClient, persister, buster: OFFLINE_CACHE_VERSION, dehydrateOptions: { shouldDehydrateQuery: mayPersistQuery } };

  // Kept answers stay in memory past TanStack's five minutes, so the cases opened earlier in a long
  // day are still there to write; prune() below drops what the caps leave out.
  for (const head of [['auth', 'me'], ['cases'], ['vets'], ['reporters'], ['sponsors'], ['users'], ['ngos']]) {
    queryClient.setQueryDefaults(head, { gcTime: OFFLINE_MAX_AGE_MS });
  }
  // TanStack Query starts out "online"; a phone that opens the app without a network is not.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

  const prune = () => {
    const cache = queryClient.getQueryCache();
    const all = cache.getAll();
    const kept = new Set(capPersistedQueries(all.filter(mayPersistQuery)).map((query) => query.queryHash));
    const now = Date.now();
    for (const query of all) {
      const longLived = query.options.gcTime === OFFLINE_MAX_AGE_MS;
      // A query on its way is never dropped: the dashboard's list is asked for before its page shows it.
      const idle = query.state.fetchStatus === 'idle';
      if (longLived && idle && !kept.has(query.queryHash) && query.getObserversCount() === 0 && now - query.state.dataUpdatedAt > USUAL_GC_MS) cache.remove(query);
    }
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastWriteAt = -Infinity;
  const persistNow = async () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (activeOfflineUserId() === null) return;
    lastWriteAt = Date.now();
    prune();
    // What the screen shows now, read before the write (which dehydrates the cache as it is now).
    const coversScreen = screenIsSettled(queryClient);
    const written = await persistQueryClientSave(options).then(
      () => true,
      () => false,
    );
    if (written && coversScreen && activeOfflineUserId() !== null) noteDataKept(true);
  };
  // The first answer after a quiet second is written at once (a user who signs in and loses the
  // network straight away still has it); later ones wait for the rest of that second.
  const schedulePersist = () => {
    if (timer === undefined) timer = setTimeout(() => void persistNow(), Math.max(0, lastWriteAt + throttleMs - Date.now()));
  };

  const forgetUser = (userId: number) => {
    void enqueue(() => storage.del(userCacheKey(userId))).catch(() => undefined);
    void deleteThumbnails();
  };

  /** Every answer of /auth/me from the server says who is signed in on this device. */
  const noteSession = (me: Me | null) => {
    if (me === null) {
      noteSessionEnded();
      return;
    }
    const other = noteSignedIn(me.id);
    if (other !== null) {
      // Another user's data, in memory from the last visit: never shown to this one.
      noteDataKept(false);
      queryClient.removeQueries({ predicate: (query) => !isMe(query) });
      forgetUser(other);
    }
  };

  const onCacheEvent = (event: QueryCacheNotifyEvent) => {
    if (event.type === 'updated' && event.action.type === 'success' && !event.action.manual && isMe(event.query)) {
      noteSession((event.query.state.data as Me | null | undefined) ?? null);
    }
    if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') schedulePersist();
  };

  // Kept answers are shown at once but are never taken as fresh: each is asked again when a
  // page uses it (as on any visit before), or when the network comes back.
  const restore = () =>
    persistQueryClientRestore({ ...options, maxAge: OFFLINE_MAX_AGE_MS }).then(() => {
      // The user is always kept with their data: restored, the device already holds what it had.
      if (queryClient.getQueryData(ME_KEY_HEAD) !== undefined) noteDataKept(true);
      return queryClient.invalidateQueries({ refetchType: 'none' });
    });
  const startedWithoutUser = activeOfflineUserId() === null;
  const restored = startedWithoutUser ? Promise.resolve() : restoreWithin(restore());
  let unsubscribe = () => {};
  let stopped = false;
  const subscribed = restored.then(() => {
    if (stopped) return;
    unsubscribe = queryClient.getQueryCache().subscribe(onCacheEvent);
    // The sign-in page, opened on its own, asks the server who is signed in before this cache runs
    // (a session already there hands over to the app with that answer, fresh for 30 s). With no user
    // on the device nothing was restored, so an answer in the cache now came from the server: it
    // marks the user, or the device would keep nothing until /auth/me is asked again (issue 17).
    const me = startedWithoutUser ? queryClient.getQueryData<Me | null>(ME_KEY_HEAD) : undefined;
    if (me) {
      noteSession(me);
      schedulePersist();
    }
  });

  const onHidden = () => {
    if (document.visibilityState === 'hidden') void persistNow();
  };
  // The network went: what is in memory now is all the device will have, so it is written at once.
  const onOffline = () => void persistNow();
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onHidden);
  if (typeof window !== 'undefined') window.addEventListener('offline', onOffline);

  const cache: OfflineCache = {
    restored: subscribed,
    flush: persistNow,
    forget: async () => {
      forgetOfflineUser();
      noteDataKept(false);
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      await Promise.all([enqueue(() => storage.clear()).catch(() => undefined), deleteThumbnails()]);
    },
    sessionEnded: () => {
      noteSessionEnded();
      noteDataKept(false);
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
    stop: () => {
      stopped = true;
      unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onHidden);
      if (typeof window !== 'undefined') window.removeEventListener('offline', onOffline);
      if (running === cache) running = null;
    },
  };
  running = cache;
  return cache;
}

/** Signed out on purpose: nothing of any user stays on the device. */
export function forgetOfflineData(): Promise<void> {
  if (running) return running.forget();
  forgetOfflineUser();
  noteDataKept(false);
  return deleteThumbnails();
}

/** The server ended the session (expired, or ended elsewhere): the user's kept data waits for them. */
export function endOfflineSession(): void {
  if (running) running.sessionEnded();
  else noteSessionEnded();
}

/**
 * Whether a write now holds what the screen is about to show: no kept kind of answer is still on its
 * way for the first time (its arrival brings another write). Asked-for answers count whether or not
 * a page shows them yet: the dashboard's list is asked for before its page has loaded.
 */
function screenIsSettled(queryClient: QueryClient): boolean {
  return queryClient
    .getQueryCache()
    .getAll()
    .every((query) => query.state.data !== undefined || query.state.fetchStatus === 'idle' || offlineKind(query.queryKey) === null);
}

function restoreWithin(restore: Promise<void>): Promise<void> {
  return Promise.race([restore.catch(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, RESTORE_TIMEOUT_MS))]);
}
