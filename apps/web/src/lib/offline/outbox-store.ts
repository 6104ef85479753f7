import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * Where the outbox keeps its entries (docs/decisions/012): IndexedDB through idb, so they survive a
 * reload, a closed tab and a restarted phone. Each entry belongs to the user who made it.
 */

/**
 * A write waiting in the outbox, as stored. The feature that queues it adds the fields its rules
 * read (outbox-rules.ts), such as the record it changes or the photo it carries.
 */
export interface OutboxEntry {
  /** Its place in the queue, given by the store: entries are sent in this order. */
  seq?: number;
  /** The Idempotency-Key sent with it on every attempt (docs/decisions/011). */
  key: string;
  /** The user who made the change: only that user's signed-in session ever sends it. */
  userId: number;
  /** What kind of write it is, in the words of the feature that queued it. */
  kind: string;
  path: string;
  /** The request's body. */
  body: Record<string, unknown>;
  /** 'failed': the server refused it (a 4xx); kept and shown until the user retries or discards it. */
  state: 'pending' | 'failed';
  /** The server's message for a failed entry. */
  error?: string;
  /** Sent once already without an answer, or waited behind others: checked by the rules (OutboxRules.check) before sending. */
  deferred?: boolean;
  /**
   * false when queued; true is stored before its first request leaves: the server may have applied
   * it (an answer lost, a tab closed), so it can no longer be amended; a change of it is queued
   * behind it instead. Missing (stored by an older version, which did not mark it) counts as true.
   */
  attempted?: boolean;
  createdAt: number;
}

export interface OutboxStorage<E extends OutboxEntry = OutboxEntry> {
  /** Every entry of the user, in queue order. */
  all(userId: number): Promise<E[]>;
  /** Adds an entry and answers it with its place in the queue. */
  add(entry: E): Promise<E>;
  put(entry: E): Promise<void>;
  remove(seq: number): Promise<void>;
  /** Deletes every entry of every user (signing out on purpose). */
  clear(): Promise<void>;
}

interface OutboxDb<E extends OutboxEntry> extends DBSchema {
  entries: { key: number; value: E; indexes: { byUser: number } };
}

const DB_NAME = 'rescuedesk-outbox';

export function indexedDbOutbox<E extends OutboxEntry>(): OutboxStorage<E> {
  let opened: Promise<IDBPDatabase<OutboxDb<E>>> | null = null;
  const db = () =>
    (opened ??= openDB<OutboxDb<E>>(DB_NAME, 1, {
      upgrade(database) {
        const store = database.createObjectStore('entries', { keyPath: 'seq', autoIncrement: true });
        store.createIndex('byUser', 'userId');
      },
    }));
  return {
    all: async (userId) => (await db()).getAllFromIndex('entries', 'byUser', userId).then((rows) => rows.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))),
    add: async (entry) => {
      const { seq: _ignored, ...rest } = entry;
      const seq = await (await db()).add('entries', rest as E);
      return { ...rest, seq } as E;
    },
    put: async (entry) => {
      await (await db()).put('entries', entry);
    },
    remove: async (seq) => (await db()).delete('entries', seq),
    clear: async () => (await db()).clear('entries'),
  };
}

/** The same in memory: for tests. */
export function memoryOutbox<E extends OutboxEntry>(): OutboxStorage<E> {
  const rows = new Map<number, E>();
  let next = 1;
  return {
    all: async (userId) => [...rows.values()].filter((e) => e.userId === userId).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)).map((e) => structuredClone(e)),
    add: async (entry) => {
      const stored = { ...structuredClone(entry), seq: next++ };
      rows.set(stored.seq, stored);
      return structuredClone(stored);
    },
    put: async (entry) => {
      if (entry.seq !== undefined) rows.set(entry.seq, structuredClone(entry));
    },
    remove: async (seq) => {
      rows.delete(seq);
    },
    clear: async () => rows.clear(),
  };
}
