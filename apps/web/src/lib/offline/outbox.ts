import { ApiError, api } from '../api-client';
import { t } from '../i18n/i18n';
import { indexedDbOutbox, type OutboxEntry, type OutboxStorage } from './outbox-store';

/**
 * The outbox (docs/decisions/012): every case write is put here first, then sent, each with its own
 * Idempotency-Key, so a write sent twice (a lost answer, a tab closed mid-send, two tabs) is applied
 * once (docs/decisions/011). Sent at once when the network is there; otherwise when it comes back
 * (the online event), on a timer with backoff, and when the app starts.
 *
 * - Lanes: the entries of one case go one at a time, in the order they were made (its create first);
 *   different cases, and photos, go side by side, at most MAX_IN_FLIGHT requests at once. An entry
 *   naming a queued photo's temporary name waits until that photo's upload is answered.
 *
 * - A 4xx refusal is never retried on its own: while the user waits on the save, the save fails as
 *   before (the form shows it, the entry is dropped since the form still holds the values); sent
 *   later, the entry is kept as failed and shown until the user retries or discards it.
 * - 401: the queue pauses until the same user signs in again; another user never sends it.
 * - A case created offline goes by a temporary (negative) id until its create is answered; then
 *   the id is replaced in every queued entry and the app is told (query cache, address).
 * - Conflicts: an entry carries each field's value it was based on; before a deferred entry is
 *   sent, the case is read (once per case and sync) and a field the server now holds another value
 *   for is reported. The later write (this one) still wins: the timeline keeps both values.
 */

export interface Conflict {
  caseId: number;
  /** The step of the field, or null for the top card (type, status, mortality, cause of failure). */
  step: string | null;
  field: string;
  /** What the server held when the change was sent (someone else's value), replaced by `mine`. */
  theirs: unknown;
  mine: unknown;
}

export interface OutboxSnapshot {
  userId: number | null;
  entries: readonly OutboxEntry[];
  syncing: boolean;
  /** The session ended (401): nothing is sent until the same user signs in again. */
  paused: boolean;
  conflicts: readonly Conflict[];
}

export type SubmitResult = { sent: true; data: unknown } | { sent: false };

export type NewEntry = Omit<OutboxEntry, 'seq' | 'userId' | 'state' | 'createdAt' | 'deferred' | 'attempted' | 'error'>;

export interface OutboxDeps {
  storage: OutboxStorage;
  /** Sends the entry with its Idempotency-Key (withoutKey: a create asked again by its body's own key). */
  send: (entry: OutboxEntry, options?: { withoutKey?: boolean }) => Promise<unknown>;
  /** The case as the server holds it now (for conflicts). */
  readCase: (caseId: number) => Promise<unknown>;
  isOnline?: () => boolean;
  /** Where temporary ids already replaced are remembered (an address still naming one finds its case). */
  idMap?: Pick<Storage, 'getItem' | 'setItem'>;
}

const ID_MAP_KEY = 'rescuedesk.outbox.ids';
const NAME_MAP_KEY = 'rescuedesk.outbox.names';
const DAY_MAP_KEY = 'rescuedesk.outbox.days';
const MAX_BACKOFF_MS = 60_000;
const FIRST_BACKOFF_MS = 2_000;
/**
 * Requests on their way at once (conflict reads included): HTTP/1.1 gives a page six connections per
 * host, and the page's own reads need some of them.
 */
const MAX_IN_FLIGHT = 4;
/**
 * Photo uploads among them: photos share the upload link, so more at once sends no byte sooner, and
 * the other slots are kept for the small saves.
 */
const MAX_PHOTOS_IN_FLIGHT = 2;

/**
 * Errors that mean "try again later": no answer, the server busy or failing, or a copy of the same
 * key still being saved (a 409 the server marks in progress, docs/decisions/011). Any other 409 (a day
 * number or a collar tag already taken) refuses the write, as a 422 does.
 */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  const { status } = error;
  if (status === 409) return error.inProgress;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/**
 * A photo queued offline goes by a name of the stored names' shape (so the step's checks accept it)
 * whose UUID has version 0: the server names photos with random (version 4) UUIDs, so the two never meet.
 */
export const QUEUED_IMAGE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-0[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}\.jpg$/;

/** A new name for a photo queued offline. */
export function newQueuedImageName(): string {
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}.jpg`;
}

/** The Web Lock every tab's outbox takes for its reads and changes of the stored queue. */
const OUTBOX_LOCK = 'rescuedesk-outbox';

/** navigator.locks where the browser has it (every current one, in a secure context); read at each use. */
function webLocks(): LockManager | undefined {
  if (typeof navigator === 'undefined') return undefined;
  const locks = (navigator as { locks?: LockManager }).locks;
  return locks ?? undefined;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A temporary id for a case created offline: negative, so it never meets a real one. */
export function newTempCaseId(): number {
  return -(Math.floor(Math.random() * 2_000_000_000) + 1);
}

type Waiter = { resolve: (result: SubmitResult) => void; reject: (error: unknown) => void };

export class Outbox {
  private readonly deps: Required<Omit<OutboxDeps, 'idMap'>> & Pick<OutboxDeps, 'idMap'>;
  private userId: number | null = null;
  private entries: OutboxEntry[] = [];
  private syncing = false;
  private paused = false;
  private conflicts: Conflict[] = [];
  private snapshot: OutboxSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly waiters = new Map<string, Waiter>();
  private readonly appliedListeners = new Set<(entry: OutboxEntry, data: unknown) => void>();
  private readonly replacedListeners = new Set<(tempId: number, realId: number) => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private backoff = FIRST_BACKOFF_MS;
  private again = false;
  private current: Promise<void> | null = null;
  /** The keys of the entries on their way now (an entry on its way can no longer be amended). */
  private readonly sending = new Set<string>();
  /** Wakes the sync under way (a new entry may go at once in its own lane). */
  private poke: (() => void) | null = null;
  /**
   * Reading the queue from storage and changing it run one at a time (with several entries on their
   * way, an answer's bookkeeping would otherwise interleave with a read of the queue or an amend).
   */
  private lock: Promise<unknown> = Promise.resolve();
  private loaded: Promise<void> = Promise.resolve();
  private markReady: () => void = () => {};
  /** Settles once a user's queue has been read (the first start). */
  readonly ready: Promise<void> = new Promise((resolve) => {
    this.markReady = resolve;
  });

  constructor(deps: OutboxDeps) {
    this.deps = { isOnline: () => typeof navigator === 'undefined' || navigator.onLine, ...deps };
    this.snapshot = this.makeSnapshot();
  }

  // --- state for the screens ---

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): OutboxSnapshot => this.snapshot;

  private makeSnapshot(): OutboxSnapshot {
    return { userId: this.userId, entries: [...this.entries], syncing: this.syncing, paused: this.paused, conflicts: [...this.conflicts] };
  }

  private changed(): void {
    this.snapshot = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }

  /**
   * Runs work once every change of the queue started before it has ended, in this tab and, through
   * the Web Locks API, in every other tab of the app: a check and the write that follows it (an
   * amend's "not sent yet", a send's attempted mark) cross two IndexedDB transactions, and another
   * tab's change in between would be lost. Where navigator.locks is missing (jsdom, old browsers),
   * this tab's own lock only. Never nested.
   */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const locks = webLocks();
    const result = this.lock.then(() => (locks ? (locks.request(OUTBOX_LOCK, work) as Promise<T>) /* Awaited<T> is T: work already answers a promise */ : work()));
    this.lock = result.catch(() => undefined);
    return result;
  }

  onApplied(listener: (entry: OutboxEntry, data: unknown) => void): () => void {
    this.appliedListeners.add(listener);
    return () => this.appliedListeners.delete(listener);
  }

  onReplaced(listener: (tempId: number, realId: number) => void): () => void {
    this.replacedListeners.add(listener);
    return () => this.replacedListeners.delete(listener);
  }

  // --- whose queue ---

  /** The signed-in user (confirmed by the server): loads their queue and sends it. */
  start(userId: number): Promise<void> {
    // A retry scheduled for the previous user (or before the session ended) is not theirs to run.
    this.clearTimer();
    if (this.userId !== userId) {
      this.userId = userId;
      this.entries = [];
      this.conflicts = [];
    }
    this.paused = false;
    this.backoff = FIRST_BACKOFF_MS;
    this.loaded = this.reload().then(() => this.markReady());
    void this.loaded.then(() => this.sync());
    return this.loaded;
  }

  /** The session ended (401, or expired while offline): keep the queue, send nothing. */
  pause(): void {
    this.paused = true;
    this.clearTimer();
    this.changed();
  }

  stop(): void {
    this.clearTimer();
    this.userId = null;
    this.entries = [];
    this.changed();
  }

  /** Signed out on purpose: the user's waiting changes are deleted (they were warned first). */
  async discardAll(): Promise<void> {
    const userId = this.userId;
    this.clearTimer();
    if (userId !== null) {
      for (const entry of await this.deps.storage.all(userId)) if (entry.seq !== undefined) await this.deps.storage.remove(entry.seq);
    }
    this.entries = [];
    this.conflicts = [];
    this.changed();
  }

  private async reload(): Promise<void> {
    if (this.userId === null) return;
    const userId = this.userId;
    const entries = await this.deps.storage.all(userId).catch(() => this.entries);
    if (this.userId !== userId) return;
    this.entries = entries;
    this.changed();
  }

  // --- temporary ids ---

  private readIds(): Record<string, number> {
    return this.readMap<number>(ID_MAP_KEY);
  }

  private readMap<V>(key: string): Record<string, V> {
    try {
      const parsed: unknown = JSON.parse(this.deps.idMap?.getItem(key) ?? '{}');
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, V>) : {};
    } catch {
      return {};
    }
  }

  private remember<V>(key: string, from: string, to: V): void {
    try {
      const map = this.readMap<V>(key);
      map[from] = to;
      // Keep the last 50: enough for any address or form still naming one.
      this.deps.idMap?.setItem(key, JSON.stringify(Object.fromEntries(Object.entries(map).slice(-50))));
    } catch {
      // Storage full: only a page still naming the temporary one loses its way.
    }
  }

  /** The server's name of a photo queued offline whose upload has been answered, or the name itself. */
  resolveName(name: string): string {
    return QUEUED_IMAGE_NAME.test(name) ? (this.readMap<string>(NAME_MAP_KEY)[name] ?? name) : name;
  }

  /** A body with every temporary photo name already answered replaced by the server's. */
  private withNames(body: Record<string, unknown>): Record<string, unknown> {
    const swap = (value: unknown): unknown => (typeof value === 'string' ? this.resolveName(value) : Array.isArray(value) ? value.map(swap) : value);
    return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, swap(value)]));
  }

  private async replaceTempName(tempName: string, realName: string): Promise<void> {
    this.remember(NAME_MAP_KEY, tempName, realName);
    if (this.userId === null) return;
    for (const entry of await this.deps.storage.all(this.userId)) {
      if (!JSON.stringify(entry.body).includes(tempName)) continue;
      await this.deps.storage.put({ ...entry, body: this.withNames(entry.body) });
    }
    await this.reload();
  }

  /** The real id of a case created offline whose create has been answered, or the id itself. */
  resolveId(id: number): number {
    if (id >= 0) return id;
    return this.readIds()[String(id)] ?? id;
  }

  /**
   * The entry with every temporary case id and photo name already answered replaced by the server's
   * (a change stored under one just as its create or upload was answered, or by another tab). A
   * create keeps its temporary id: sent again, its key replays the answer and the id is replaced then.
   */
  private resolved(entry: OutboxEntry): OutboxEntry {
    const caseId = entry.kind === 'createCase' ? entry.caseId : this.resolveId(entry.caseId);
    const withNames = this.withNames(entry.body);
    const named = entry.kind === 'postOpDay' ? this.withDayId(withNames) : withNames;
    const body = caseId !== entry.caseId && 'caseId' in named ? { ...named, caseId } : named;
    return same(body, entry.body) && caseId === entry.caseId ? entry : { ...entry, caseId, body };
  }

  /** Stores every waiting entry resolved (see resolved), so its lane and its conflict check go by the real id. Under the lock. */
  private async resolveQueue(): Promise<void> {
    let changed = false;
    const entries: OutboxEntry[] = [];
    for (const entry of this.entries) {
      const resolved = entry.state === 'pending' && !this.sending.has(entry.key) ? this.resolved(entry) : entry;
      if (resolved !== entry) {
        await this.deps.storage.put(resolved);
        changed = true;
      }
      entries.push(resolved);
    }
    if (changed) this.entries = entries;
  }

  /** A change or delete of a day added offline, with the day's real id once its add is answered. */
  private withDayId(body: Record<string, unknown>): Record<string, unknown> {
    if (typeof body.id !== 'number' || body.id >= 0) return body;
    const realId = this.readMap<number>(DAY_MAP_KEY)[String(body.id)];
    return realId === undefined ? body : { ...body, id: realId };
  }

  /** A day added offline was answered: its changes queued behind the add go to the real day. */
  private async replaceTempDayId(tempId: number, realId: number): Promise<void> {
    this.remember(DAY_MAP_KEY, String(tempId), realId);
    const moved = this.entries.filter((e) => e.kind === 'postOpDay' && e.body.id === tempId).map((e) => ({ ...e, body: { ...e.body, id: realId } }));
    for (const e of moved) await this.deps.storage.put(e);
    this.entries = this.entries.map((e) => moved.find((m) => m.seq === e.seq) ?? e);
  }

  private async replaceTempId(tempId: number, realId: number): Promise<void> {
    this.remember(ID_MAP_KEY, String(tempId), realId);
    if (this.userId !== null) {
      for (const entry of await this.deps.storage.all(this.userId)) {
        if (entry.caseId !== tempId || entry.kind === 'createCase') continue;
        const moved = { ...entry, caseId: realId, body: { ...entry.body, caseId: realId } };
        await this.deps.storage.put(moved);
      }
    }
    this.entries = this.entries.map((entry) => (entry.caseId === tempId && entry.kind !== 'createCase' ? { ...entry, caseId: realId, body: { ...entry.body, caseId: realId } } : entry));
    for (const listener of this.replacedListeners) listener(tempId, realId);
    this.changed();
  }

  // --- writing ---

  /**
   * Queues a write and sends the queue. Answers the server's answer if it was sent now, or
   * { sent: false } when it waits for the network. Rejects with the ApiError of a refusal (4xx).
   */
  async submit(entry: NewEntry): Promise<SubmitResult> {
    await this.loaded;
    const userId = this.userId;
    // No signed-in user known to the outbox (a screen rendered on its own, in tests): sent directly.
    if (userId === null) return { sent: true, data: await this.deps.send({ ...entry, userId: 0, state: 'pending', createdAt: Date.now() }) };
    const stored = await this.exclusive(async () => {
      // Resolved here, under the lock: a create or a photo answered just now has its id or name mapped.
      const caseId = this.resolveId(entry.caseId);
      const named = this.withNames(entry.body);
      const body = 'caseId' in named ? { ...named, caseId } : named;
      const waitsBehind = this.entries.some((e) => e.state === 'pending');
      const offline = !this.deps.isOnline() || this.paused;
      // attempted: false says "never sent": an entry stored by an older version has no such field and may have been sent.
      const added = await this.deps.storage.add({ ...entry, caseId, body, userId, state: 'pending', createdAt: Date.now(), deferred: offline || waitsBehind, attempted: false });
      this.entries = [...this.entries, added];
      return added;
    });
    this.changed();
    const result = new Promise<SubmitResult>((resolve, reject) => this.waiters.set(stored.key, { resolve, reject }));
    void this.sync();
    return result;
  }

  /** Sends a failed entry again (the user chose Retry); the entries waiting behind it follow. */
  async retry(seq: number): Promise<void> {
    await this.exclusive(async () => {
      await this.reload(); // as another tab left it (corrected, sent or discarded there)
      const entry = this.entries.find((e) => e.seq === seq);
      if (!entry) return;
      // A refused create failed its case's changes with it: they go again behind it.
      const again = this.entries.filter((e) => e.seq === seq || (entry.tempId !== undefined && e.caseId === entry.tempId && e.state === 'failed'));
      const pending = again.map(({ error: _error, ...rest }): OutboxEntry => ({ ...rest, state: 'pending', deferred: true }));
      for (const e of pending) await this.deps.storage.put(e);
      this.entries = this.entries.map((e) => pending.find((p) => p.seq === e.seq) ?? e);
    });
    this.changed();
    await this.sync();
  }

  /**
   * Drops a failed entry (the user chose Discard), and what depends on it (the changes of a case
   * never created); a discarded photo's temporary name leaves the waiting entries that name it. The
   * entries that waited behind it go on.
   */
  async discard(seq: number): Promise<void> {
    await this.exclusive(async () => {
      await this.reload(); // as another tab left it (corrected, sent or discarded there)
      const entry = this.entries.find((e) => e.seq === seq);
      if (!entry) return;
      const dropped = this.withDependents(entry);
      for (const e of dropped) if (e.seq !== undefined) await this.deps.storage.remove(e.seq);
      this.entries = this.entries.filter((e) => !dropped.includes(e));
      const tempName = entry.kind === 'image' ? entry.tempName : undefined;
      if (tempName) {
        const named = this.entries.filter((e) => e.kind !== 'image' && namesAny(e, [tempName]));
        const cleaned = named.map((e) => ({ ...e, body: withoutName(e.body, tempName) }));
        for (const e of cleaned) await this.deps.storage.put(e);
        this.entries = this.entries.map((e) => cleaned.find((c) => c.seq === e.seq) ?? e);
      }
    });
    this.changed();
    await this.sync();
  }

  /** An entry with what goes with it when it is dropped: a case never created takes its changes, a day never added the changes of that day. */
  private withDependents(entry: OutboxEntry): OutboxEntry[] {
    return this.entries.filter((e) => e.seq === entry.seq || (entry.tempId !== undefined && e.caseId === entry.tempId) || (entry.dayId !== undefined && e.kind === 'postOpDay' && e.body.id === entry.dayId));
  }

  /**
   * Changes (or, with null, drops) the body of an entry still waiting: a daily-log day added offline
   * and then edited or deleted offline is sent as one add, or not at all. Answers false when no such
   * entry waits any more (it was sent meanwhile) or it may have reached the server.
   *
   * A refused (failed) entry is corrected even if it was sent: a refusal records nothing on the
   * server (docs/decisions/011: the refusing transaction rolls back with its key, and a refusal
   * before any transaction never records it), so the corrected body goes under the same key, back
   * to pending, and is applied (the key cannot replay the refusal). Dropped, it takes its day's changes.
   */
  async amend(match: (entry: OutboxEntry) => boolean, body: Record<string, unknown> | null): Promise<boolean> {
    const done = await this.exclusive(async (): Promise<'no' | 'amended' | 'revived'> => {
      await this.reload();
      const entry = this.entries.find((e) => (e.state === 'pending' || e.state === 'failed') && match(e));
      if (!entry || entry.seq === undefined || this.sending.has(entry.key)) return 'no';
      // Waiting and sent once already (this tab or another, answered or not), or stored by an older
      // version that did not say (attempted undefined): the server may hold it, so a change must go
      // behind it as a write of its own.
      if (entry.state === 'pending' && entry.attempted !== false) return 'no';
      if (body === null) {
        const dropped = this.withDependents(entry);
        for (const e of dropped) if (e.seq !== undefined) await this.deps.storage.remove(e.seq);
        this.entries = this.entries.filter((e) => !dropped.includes(e));
        return entry.state === 'failed' ? 'revived' : 'amended';
      }
      if (entry.state === 'failed') {
        // The server holds nothing under its key: as good as never sent (attempted: false, so it can be corrected again before it goes).
        const { error: _error, ...rest } = entry;
        const corrected: OutboxEntry = { ...rest, body, state: 'pending', deferred: true, attempted: false };
        await this.deps.storage.put(corrected);
        this.entries = this.entries.map((e) => (e.seq === entry.seq ? corrected : e));
        return 'revived';
      }
      const amended = { ...entry, body };
      await this.deps.storage.put(amended);
      this.entries = this.entries.map((e) => (e.seq === entry.seq ? amended : e));
      return 'amended';
    });
    if (done === 'no') return false;
    this.changed();
    // A corrected refusal (or the lane it held, once it is dropped) goes out now; nothing else started a sync for it.
    if (done === 'revived') void this.sync();
    return true;
  }

  dismissConflicts(): void {
    this.conflicts = [];
    this.changed();
  }

  /**
   * Sends what waits, in order; a sync already under way picks up what was added meanwhile (and
   * the answer settles when it is done).
   */
  sync(): Promise<void> {
    if (this.current) {
      // Picked up by the sync under way if it has not finished its loop; if it has (a write queued
      // just as it ended), by another one right after it, so no write waits for the next trigger.
      this.again = true;
      this.poke?.();
      return this.current.then(() => this.sync());
    }
    if (this.userId === null || this.paused) {
      // Nothing is sent now: a save waiting on it goes on as queued.
      this.settleWaiters();
      return Promise.resolve();
    }
    this.current = this.run().finally(() => {
      this.current = null;
    });
    return this.current;
  }

  private async run(): Promise<void> {
    this.clearTimer();
    this.syncing = true;
    this.changed();
    const fresh = new Map<number, unknown>();
    let stopped = false;
    try {
      do {
        this.again = false;
        stopped = await this.sendAll(fresh);
      } while (this.again && !stopped);
    } catch {
      // Nothing may escape a sync (most are started with `void this.sync()`): whatever failed is
      // tried again later, as after a transient failure.
      stopped = true;
    } finally {
      this.syncing = false;
      this.settleWaiters();
      if (stopped && !this.paused && this.entries.some((e) => e.state === 'pending')) this.scheduleRetry();
      else if (!stopped) this.backoff = FIRST_BACKOFF_MS;
      this.changed();
    }
  }

  /** Called when the network comes back: at once, with the backoff reset. */
  networkBack(): void {
    this.backoff = FIRST_BACKOFF_MS;
    void this.sync();
  }

  private scheduleRetry(): void {
    this.clearTimer();
    this.timer = setTimeout(() => void this.sync(), this.backoff);
    this.backoff = Math.min(MAX_BACKOFF_MS, this.backoff * 2);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Entries still waiting when a sync stops: their saves go on as queued. */
  private settleWaiters(): void {
    for (const [key, waiter] of this.waiters) {
      if (this.entries.some((e) => e.key === key && e.state === 'pending')) {
        waiter.resolve({ sent: false });
        this.waiters.delete(key);
      }
    }
  }

  /**
   * Sends what waits, lane by lane (see laneOf), at most MAX_IN_FLIGHT at once; answers true when it
   * stopped before the end (no network, a transient failure, or paused). A stop lets the entries
   * already on their way finish (each is removed only once answered) and starts nothing more.
   */
  private async sendAll(fresh: Map<number, unknown>): Promise<boolean> {
    const userId = this.userId;
    if (userId === null) return true;
    const flying = new Map<string, { lane: string; photo: boolean; done: Promise<void> }>();
    const halt = { stopped: false };
    for (;;) {
      const woken = new Promise<void>((resolve) => {
        this.poke = resolve;
      });
      if (!halt.stopped) {
        // The storage failing here (the attempted mark, or a resolved entry, not written: a full or
        // closed IndexedDB) sends nothing more: the lanes stop as for a transient failure, and the
        // retry is scheduled with backoff. An entry whose mark was not written is not sent.
        await this.exclusive(async () => {
          // Read afresh each time: another tab may have sent (or added) entries meanwhile.
          await this.reload();
          if (this.userId !== userId || this.paused || !this.deps.isOnline()) {
            halt.stopped = true;
            return;
          }
          await this.resolveQueue();
          for (const ready of this.readyToSend(flying)) {
            const entry = await this.markAttempted(ready);
            this.sending.add(entry.key);
            const done = this.sendOne(entry, fresh, halt)
              // Only the storage failing gets here (keeping a refusal): stop, the entry waits as it was.
              .catch(() => {
                halt.stopped = true;
              })
              .finally(() => {
                this.sending.delete(entry.key);
                flying.delete(entry.key);
              });
            flying.set(entry.key, { lane: laneOf(entry), photo: entry.kind === 'image', done });
          }
        }).catch(() => {
          halt.stopped = true;
        });
      }
      if (flying.size === 0) break;
      await Promise.race([woken, ...[...flying.values()].map((f) => f.done)]);
    }
    this.poke = null;
    if (halt.stopped) await this.exclusive(() => this.markDeferred());
    return halt.stopped;
  }

  /**
   * The entries to send now: the first entry of each lane with none on its way, unless it is a failed
   * one (the lane waits until the user retries or discards it: strict order per case, so a retried
   * save never lands after a later one) or it names a photo whose upload is not answered yet or was
   * refused; within the limits of requests at once.
   */
  private readyToSend(flying: ReadonlyMap<string, { lane: string; photo: boolean }>): OutboxEntry[] {
    const photos = this.entries.flatMap((e) => (e.kind === 'image' && e.tempName ? [e.tempName] : []));
    const taken = new Set([...flying.values()].map((f) => f.lane));
    let slots = MAX_IN_FLIGHT - flying.size;
    let photoSlots = MAX_PHOTOS_IN_FLIGHT - [...flying.values()].filter((f) => f.photo).length;
    const ready: OutboxEntry[] = [];
    for (const entry of this.entries) {
      if (slots === 0) break;
      const lane = laneOf(entry);
      if (taken.has(lane)) continue;
      taken.add(lane);
      if (entry.state === 'failed' || this.sending.has(entry.key)) continue;
      if (entry.kind === 'image') {
        if (photoSlots === 0) continue;
        photoSlots -= 1;
      } else if (namesAny(entry, photos)) continue;
      slots -= 1;
      ready.push(entry);
    }
    return ready;
  }

  /** Stores that the entry is being sent (before its request leaves), once. Under the lock. */
  private async markAttempted(entry: OutboxEntry): Promise<OutboxEntry> {
    if (entry.attempted) return entry;
    const marked = { ...entry, attempted: true };
    await this.deps.storage.put(marked);
    this.entries = this.entries.map((e) => (e.seq === marked.seq ? marked : e));
    return marked;
  }

  private async markDeferred(): Promise<void> {
    for (const entry of this.entries) {
      if (entry.state !== 'pending' || entry.deferred) continue;
      entry.deferred = true;
      await this.deps.storage.put(entry).catch(() => undefined);
    }
  }

  /** Sends one entry and keeps its answer; a 401 or a transient failure stops the whole sync (halt). */
  private async sendOne(queued: OutboxEntry, fresh: Map<number, unknown>, halt: { stopped: boolean }): Promise<void> {
    let entry = queued;
    try {
      let found: Conflict[] = [];
      // Only this lane reads or writes its case's entry in fresh: one entry of a case is on its way at a time.
      if (entry.deferred && entry.base && entry.caseId > 0) {
        if (!fresh.has(entry.caseId)) fresh.set(entry.caseId, await this.deps.readCase(entry.caseId));
        found = conflictsOf(entry, fresh.get(entry.caseId));
      }
      // Right before sending: still this user's session (another may have signed in, or it ended,
      // during the conflict read), and any id or name answered meanwhile replaced.
      if (entry.userId !== this.userId || this.paused) {
        halt.stopped = true;
        return;
      }
      entry = this.resolved(entry);
      let data = await this.deps.send(entry);
      const answered = entry;
      if (data === null) {
        // ADR 011: applied, but the server stopped before it kept the answer.
        const asked = await this.askAgain(answered);
        if (asked === undefined) {
          await this.exclusive(() => this.refused(answered, new Error(t('offline.outbox.photoAnswerLost'))));
          return;
        }
        data = asked;
      }
      await this.exclusive(async () => {
        // The create's changes are moved to its real id (and a photo's name put in the changes naming
        // it) before the create leaves the queue: stopped in between, it is sent again and replayed.
        if (answered.kind === 'createCase' && answered.tempId !== undefined && isIdentified(data)) await this.replaceTempId(answered.tempId, data.id);
        if (answered.kind === 'image' && answered.tempName && typeof data === 'string') await this.replaceTempName(answered.tempName, data);
        const dayId = answered.dayId !== undefined ? dayIdIn(data, answered.body.dayNumber) : undefined;
        if (answered.dayId !== undefined && dayId !== undefined) await this.replaceTempDayId(answered.dayId, dayId);
        if (answered.seq !== undefined) await this.deps.storage.remove(answered.seq);
        this.entries = this.entries.filter((e) => e.seq !== answered.seq);
      });
      if (isIdentified(data) && entry.kind !== 'createCase') fresh.set(data.id, data);
      else fresh.delete(entry.caseId);
      if (found.length > 0) this.conflicts = [...this.conflicts, ...found];
      for (const listener of this.appliedListeners) listener(entry, data);
      this.changed();
      this.waiters.get(entry.key)?.resolve({ sent: true, data });
      this.waiters.delete(entry.key);
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 401) {
        halt.stopped = true;
        this.pause();
        return;
      }
      if (isTransient(error)) {
        halt.stopped = true;
        return;
      }
      // A 404 from reading the case for conflicts: the write itself would say the same.
      await this.exclusive(() => this.refused(entry, error));
    }
  }

  /**
   * The answer of a write replayed as { data: null } (applied, the answer not kept), where a waiting
   * change needs it: a create is asked again without the header (its body's own key answers the case
   * it made), a day's add reads the case (for the day's id); other writes need none (null). A photo's
   * name cannot be had again: undefined (kept as failed, so nothing is sent under its temporary name).
   */
  private async askAgain(entry: OutboxEntry): Promise<unknown> {
    if (entry.kind === 'createCase' && typeof entry.body.idempotencyKey === 'string') return this.deps.send(entry, { withoutKey: true });
    if (entry.kind === 'postOpDay' && entry.dayId !== undefined && entry.caseId > 0) return this.deps.readCase(entry.caseId);
    if (entry.kind === 'image') return undefined;
    return null;
  }

  private async refused(entry: OutboxEntry, error: unknown): Promise<void> {
    const waiter = this.waiters.get(entry.key);
    const dependents = entry.tempId !== undefined ? this.entries.filter((e) => e.caseId === entry.tempId && e.seq !== entry.seq) : [];
    if (waiter && dependents.length === 0) {
      // The user is on the save: it fails as it always did, and the form still holds the values.
      if (entry.seq !== undefined) await this.deps.storage.remove(entry.seq);
      this.entries = this.entries.filter((e) => e.seq !== entry.seq);
      this.waiters.delete(entry.key);
      this.changed();
      waiter.reject(error);
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    const failed: OutboxEntry[] = [entry, ...dependents].map((e) => ({ ...e, state: 'failed', error: message }));
    for (const e of failed) await this.deps.storage.put(e);
    this.entries = this.entries.map((e) => failed.find((f) => f.seq === e.seq) ?? e);
    this.changed();
    if (waiter) {
      this.waiters.delete(entry.key);
      waiter.reject(error);
    }
  }
}

function namesAny(entry: OutboxEntry, names: readonly string[]): boolean {
  if (names.length === 0) return false;
  const body = JSON.stringify(entry.body);
  return names.some((name) => body.includes(name));
}

/**
 * The entries that wait behind a failed one until the user retries or discards it: the later
 * entries of a failed entry's case, and the entries naming a failed photo (with their case's later
 * ones). For the screens: they are kept, not lost, and say what they wait for.
 */
export function heldBehindFailed(entries: readonly OutboxEntry[]): Set<string> {
  const failedPhotos = entries.flatMap((e) => (e.kind === 'image' && e.tempName && e.state === 'failed' ? [e.tempName] : []));
  const blockedLanes = new Set<string>();
  const held = new Set<string>();
  for (const entry of entries) {
    const lane = laneOf(entry);
    if (blockedLanes.has(lane)) held.add(entry.key);
    else if (entry.state === 'failed') blockedLanes.add(lane);
    else if (entry.kind !== 'image' && namesAny(entry, failedPhotos)) {
      held.add(entry.key);
      blockedLanes.add(lane);
    }
  }
  return held;
}

/** A body without a photo's temporary name (the photo was discarded): out of lists, a single one emptied. */
function withoutName(body: Record<string, unknown>, name: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, value === name ? null : Array.isArray(value) ? value.filter((v) => v !== name) : value]));
}

/**
 * The lane of an entry: its case (a case created offline goes by its temporary id until its create
 * is answered, and the create is the first of that lane), or, for a photo, the photo alone.
 */
function laneOf(entry: OutboxEntry): string {
  return entry.kind === 'image' ? `photo ${entry.key}` : `case ${entry.caseId}`;
}

/** The id the server gave the day of this number, in its answer (the case with its daily log). */
function dayIdIn(data: unknown, dayNumber: unknown): number | undefined {
  if (typeof data !== 'object' || data === null || !('postOpDays' in data) || !Array.isArray(data.postOpDays)) return undefined;
  const day: unknown = data.postOpDays.find((d: unknown) => typeof d === 'object' && d !== null && 'dayNumber' in d && d.dayNumber === dayNumber);
  return typeof day === 'object' && day !== null && 'id' in day && typeof day.id === 'number' ? day.id : undefined;
}

function isIdentified(data: unknown): data is { id: number } {
  return typeof data === 'object' && data !== null && 'id' in data && typeof data.id === 'number';
}

/** The fields of an entry that the server changed since the entry's edit was based on them. */
export function conflictsOf(entry: OutboxEntry, current: unknown): Conflict[] {
  if (!entry.base || typeof current !== 'object' || current === null) return [];
  const holder = entry.step ? (current as Record<string, unknown>)[entry.step] : current;
  if (typeof holder !== 'object' || holder === null) return [];
  const conflicts: Conflict[] = [];
  for (const [field, base] of Object.entries(entry.base)) {
    const theirs = (holder as Record<string, unknown>)[field];
    const mine = entry.body[field];
    if (!same(theirs, base) && !same(theirs, mine)) conflicts.push({ caseId: entry.caseId, step: entry.step ?? null, field, theirs, mine });
  }
  return conflicts;
}

// --- the app's one outbox ---

let instance: Outbox | null = null;

/** A queued photo's upload: the same form the uploader sends, with the entry's key. */
function sendImage(entry: OutboxEntry): Promise<string> {
  const form = new FormData();
  form.append('fieldName', String(entry.body.fieldName));
  if (typeof entry.body.ngoId === 'number') form.append('ngoId', String(entry.body.ngoId));
  form.append('image', entry.blob ?? new Blob(), entry.fileName ?? 'photo.jpg');
  return api.upload<string>(entry.path, form, { idempotencyKey: entry.key });
}

function localIdMap(): OutboxDeps['idMap'] {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The app's outbox: started by the signed-in shell for the signed-in user. */
export function appOutbox(): Outbox {
  instance ??= new Outbox({
    storage: indexedDbOutbox(),
    send: (entry, options) => (entry.kind === 'image' ? sendImage(entry) : api.post<unknown>(entry.path, entry.body, options?.withoutKey ? {} : { idempotencyKey: entry.key })),
    readCase: (id) => api.post<unknown>('/case/getCaseById', { id }),
    idMap: localIdMap(),
  });
  return instance;
}

/** For tests: a fresh outbox. */
export function setAppOutbox(outbox: Outbox | null): void {
  instance = outbox;
}
