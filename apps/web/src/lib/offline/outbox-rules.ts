import type { Translate } from '@rescuedesk/shared';
import type { OutboxEntry } from './outbox-store';

/**
 * What the outbox (outbox.ts) asks of the writes it carries, told by the feature that queues them
 * (features/cases/offline/case-outbox.ts): the queue keeps order, locks, retries and waiters for any
 * write, but only the feature knows which writes depend on each other, what an answer gives the
 * writes still waiting, and what a deferred write must be checked against.
 */

/** An entry as a screen or a feature hands it to the outbox: the queue adds the rest. */
export type NewEntry<E extends OutboxEntry = OutboxEntry> = Omit<E, 'seq' | 'userId' | 'state' | 'createdAt' | 'deferred' | 'attempted' | 'error'>;

/**
 * Sends the entry with its Idempotency-Key (withoutKey: a write asked again by its body's own key).
 * A method's type, so that it is compared as methods are: an outbox of one feature's entries is
 * then also an outbox of the app's entries, for the screens that show any (lib/offline/app-outbox.ts).
 */
export type SendEntry<E extends OutboxEntry> = { send(entry: E, options?: { withoutKey?: boolean }): Promise<unknown> }['send'];

/**
 * Where answers to temporary references are remembered (local storage in the app), so that an
 * address, a form or another tab still naming a temporary one finds the real one.
 */
export type Memory = Pick<Storage, 'getItem' | 'setItem'>;

/** What a sync learns as it goes (what the server holds now), kept by the rules for that sync only. */
export type SyncMemo = Map<unknown, unknown>;

/**
 * A replayed answer that was not kept and cannot be had again (docs/decisions/011): the entry is
 * kept as failed with this message, so nothing goes on under a reference only that answer held.
 */
export class AnswerLost extends Error {}

/** The queue as a rule sees it while an answer is kept, under the queue's lock. */
export interface OutboxQueue<E extends OutboxEntry> {
  /** This tab's copy of the queue, replaced as a whole. */
  entries: readonly E[];
  /** The signed-in user's entries as stored now (another tab may have changed them); none when no one is. */
  stored(): Promise<E[]>;
  /** Stores a changed entry; this tab's copy is the rule's to change as well. */
  put(entry: E): Promise<void>;
  /** Reads this tab's copy again from storage, and tells the screens. */
  reload(): Promise<void>;
  /** Tells the screens that the queue changed. */
  changed(): void;
}

/**
 * Methods, not function properties: an outbox of one feature's entries is then also an outbox of
 * the app's entries, for the screens that show any outbox (lib/offline/app-outbox.ts).
 */
export interface OutboxRules<E extends OutboxEntry, C = never> {
  /** The entries of one lane go one at a time, in queue order; different lanes go side by side. */
  laneOf(entry: E): string;
  /** Uploads share the upload link: fewer of them go at once, so the small saves keep their slots. */
  isUpload(entry: E): boolean;
  /** Whether the entry, beyond its lane, waits for one of `others` to be answered (or discarded). */
  waitsOn(entry: E, others: readonly E[]): boolean;
  /** A new entry as it is stored: what its references already answered (here, or in another tab) say now. */
  admit(entry: NewEntry<E>): NewEntry<E>;
  /** A waiting entry as it is sent now, with every reference answered meanwhile replaced; the same object when nothing changed. */
  resolve(entry: E): E;
  /**
   * Before a deferred entry is sent: what it is about to write over (conflicts, shown to the user
   * once it is applied). An array when nothing has to be read, so nothing waits for it.
   */
  check(entry: E, sync: SyncMemo): readonly C[] | Promise<readonly C[]>;
  /**
   * The answer of a write replayed as { data: null } (applied, its answer not kept), where the
   * writes still waiting need it; null when they need none; rejects with AnswerLost when it cannot be had.
   */
  askAgain(entry: E, send: SendEntry<E>): Promise<unknown>;
  /** Under the lock, before the answered entry leaves the queue: what its answer gives the entries still waiting. */
  answered(entry: E, data: unknown, queue: OutboxQueue<E>): Promise<void>;
  /** After an entry is applied: what the rest of the sync may take from its answer. */
  sent(entry: E, data: unknown, sync: SyncMemo): void;
  /** The entries that fail with a refused one (they cannot be sent without it). */
  refusedWith(entry: E, entries: readonly E[]): readonly E[];
  /** The entries dropped with one discarded, or amended to nothing. */
  droppedWith(entry: E, entries: readonly E[]): readonly E[];
  /** After an entry is discarded: the entries still waiting, changed by its going (only those changed). */
  discarded(entry: E, entries: readonly E[]): readonly E[];
  /** What the screens call the entry. */
  describe(entry: E, t: Translate): string;
  /** Where in the app the entry's change is made (a refused one is fixed there), or null. */
  openAt?(entry: E): string | null;
}

/** The map remembered under `key`, or an empty one. */
export function remembered<V>(memory: Memory | undefined, key: string): Record<string, V> {
  try {
    const parsed: unknown = JSON.parse(memory?.getItem(key) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, V>) : {};
  } catch {
    return {};
  }
}

export function remember<V>(memory: Memory | undefined, key: string, from: string, to: V): void {
  try {
    const map = remembered<V>(memory, key);
    map[from] = to;
    // Keep the last 50: enough for any address or form still naming one.
    memory?.setItem(key, JSON.stringify(Object.fromEntries(Object.entries(map).slice(-50))));
  } catch {
    // Storage full: only a page still naming the temporary one loses its way.
  }
}

/** Two values alike as they would be sent. */
export const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
