import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * Where the outbox keeps its entries (docs/decisions/012): IndexedDB through idb, so they survive a
 * reload, a closed tab and a restarted phone. Each entry belongs to the user who made it.
 */

/** The kinds of write the outbox sends; each names its API path. */
export type OutboxKind = 'createCase' | 'updateCase' | 'caseStep' | 'postOpDay' | 'image';

export interface OutboxEntry {
  /** Its place in the queue, given by the store: entries are sent in this order. */
  seq?: number;
  /** The Idempotency-Key sent with it on every attempt (docs/decisions/011). */
  key: string;
  /** The user who made the change: only that user's signed-in session ever sends it. */
  userId: number;
  kind: OutboxKind;
  path: string;
  /** The request's body; caseId may be a temporary id (negative) until the case's create is answered. */
  body: Record<string, unknown>;
  /** The case it changes (a temporary id for a case created offline). */
  caseId: number;
  /** createCase only: the temporary id the case goes by until the server gives it its own. */
  tempId?: number;
  /** postOpDay add only: the temporary (negative) id the new day goes by on screen until sent. */
  dayId?: number;
  /**
   * image only: the photo as it will be sent (already resized and compressed in the browser), its
   * file name, its size before it was resized, and the temporary name the form holds until the
   * server names it.
   */
  blob?: Blob;
  fileName?: string;
  originalBytes?: number;
  tempName?: string;
  /** caseStep only: the step saved. */
  step?: string;
  /**
   * Each field's value when the edit was made (what the edit was based on): a field the server holds
   * another value for when the entry is sent was changed by someone else meanwhile (a conflict).
   */
  base?: Record<string, unknown>;
  /** 'failed': the server refused it (a 4xx); kept and shown until the user retries or discards it. */
  state: 'pending' | 'failed';
  /** The server's message for a failed entry. */
  error?: string;
  /** Sent once already without an answer, or waited behind others: checked for conflicts before sending. */
  deferred?: boolean;
  /**
   * false when queued; true is stored before its first request leaves: the server may have applied
   * it (an answer lost, a tab closed), so it can no longer be amended; a change of it is queued
   * behind it instead. Missing (stored by an older version, which did not mark it) counts as true.
   */
  attempted?: boolean;
  createdAt: number;
}

export interface OutboxStorage {
  /** Every entry of the user, in queue order. */
  all(userId: number): Promise<OutboxEntry[]>;
  /** Adds an entry and answers it with its place in the queue. */
  add(entry: OutboxEntry): Promise<OutboxEntry>;
  put(entry: OutboxEntry): Promise<void>;
  remove(seq: number): Promise<void>;
  /** Deletes every entry of every user (signing out on purpose). */
  clear(): Promise<void>;
}

interface OutboxDb extends DBSchema {
  entries: { key: number; value: OutboxEntry; indexes: { byUser: number } };
}

const DB_NAME = 'rescuedesk-outbox';

export function indexedDbOutbox(): OutboxStorage {
  let opened: Promise<IDBPDatabase<OutboxDb>> | null = null;
  const db = () =>
    (opened ??= openDB<OutboxDb>(DB_NAME, 1, {
      upgrade(database) {
        const store = database.createObjectStore('entries', { keyPath: 'seq', autoIncrement: true });
        store.createIndex('byUser', 'userId');
      },
    }));
  return {
    all: async (userId) => (await db()).getAllFromIndex('entries', 'byUser', userId).then((rows) => rows.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))),
    add: async (entry) => {
      const { seq: _ignored, ...rest } = entry;
      const seq = await (await db()).add('entries', rest as OutboxEntry);
      return { ...rest, seq };
    },
    put: async (entry) => {
      await (await db()).put('entries', entry);
    },
    remove: async (seq) => (await db()).delete('entries', seq),
    clear: async () => (await db()).clear('entries'),
  };
}

/** The same in memory: for tests. */
export function memoryOutbox(): OutboxStorage {
  const rows = new Map<number, OutboxEntry>();
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
