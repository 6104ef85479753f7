import type { Translate } from '@rescuedesk/shared';
import { ApiError } from '../api-client';
import { AnswerLost, type Memory, type NewEntry, type OutboxQueue, type OutboxRules, type SendEntry, type SyncMemo } from './outbox-rules';
import type { OutboxEntry, OutboxStorage } from './outbox-store';

/**
 * The outbox (docs/decisions/012): every write that must survive a lost network is put here first,
 * then sent, each with its own Idempotency-Key, so a write sent twice (a lost answer, a tab closed
 * mid-send, two tabs) is applied once (docs/decisions/011). Sent at once when the network is there;
 * otherwise when it comes back (the online event), on a timer with backoff, and when the app starts.
 * Which writes depend on which is for the feature to say, through its rules (outbox-rules.ts).
 *
 * - Lanes: the entries of one lane go one at a time, in the order they were made; different lanes
 *   go side by side, at most MAX_IN_FLIGHT requests at once. An entry the rules say waits on
 *   another (a save naming a queued photo) waits until that one is answered.
 *
 * - A 4xx refusal is never retried on its own: while the user waits on the save, the save fails as
 *   before (the form shows it, the entry is dropped since the form still holds the values); sent
 *   later, the entry is kept as failed and shown until the user retries or discards it.
 * - 401: the queue pauses until the same user signs in again; another user never sends it.
 * - Temporary references (an id or a name the server gives only once a write is answered): the
 *   rules replace them in the waiting entries once answered, and again right before each send.
 * - Conflicts: before a deferred entry is sent, the rules check it against what the server holds
 *   now; what they find is shown once the entry is applied. The later write (this one) still wins.
 */

export interface OutboxSnapshot<E extends OutboxEntry = OutboxEntry, C = unknown> {
  userId: number | null;
  /**
   * The signed-in user's queue has been read from the device since they were started: until then
   * `entries` may lack what waits, and a screen that lays waiting changes over kept data waits too.
   */
  loaded: boolean;
  entries: readonly E[];
  syncing: boolean;
  /** The session ended (401): nothing is sent until the same user signs in again. */
  paused: boolean;
  conflicts: readonly C[];
}

export type SubmitResult = { sent: true; data: unknown } | { sent: false };

export interface OutboxDeps<E extends OutboxEntry, C> {
  storage: OutboxStorage<E>;
  send: SendEntry<E>;
  rules: OutboxRules<E, C>;
  isOnline?: () => boolean;
  /** Where the rules remember the temporary references answered, for those who show them. */
  memory?: Memory;
}

const MAX_BACKOFF_MS = 60_000;
const FIRST_BACKOFF_MS = 2_000;
/**
 * Requests on their way at once (the rules' reads included): HTTP/1.1 gives a page six connections per
 * host, and the page's own reads need some of them.
 */
const MAX_IN_FLIGHT = 4;
/**
 * Uploads among them: uploads share the upload link, so more at once sends no byte sooner, and the
 * other slots are kept for the small saves.
 */
const MAX_UPLOADS_IN_FLIGHT = 2;

/**
 * Errors that mean "try again later": no answer, the server busy or failing, or a copy of the same
 * key still being saved (a 409 the server marks in progress, docs/decisions/011). Any other 409 (a
 * value that must be unique already taken) refuses the write, as a 422 does.
 */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  const { status } = error;
  if (status === 409) return error.inProgress;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** The Web Lock every tab's outbox takes for its reads and changes of the stored queue. */
const OUTBOX_LOCK = 'rescuedesk-outbox';

/** navigator.locks where the browser has it (every current one, in a secure context); read at each use. */
function webLocks(): LockManager | undefined {
  if (typeof navigator === 'undefined') return undefined;
  const locks = (navigator as { locks?: LockManager }).locks;
  return locks ?? undefined;
}

type Waiter = { resolve: (result: SubmitResult) => void; reject: (error: unknown) => void };
/** A method's type, as SendEntry is (outbox-rules.ts). */
type AppliedListener<E> = { applied(entry: E, data: unknown): void }['applied'];

export class Outbox<E extends OutboxEntry = OutboxEntry, C = never> {
  private readonly deps: Required<Omit<OutboxDeps<E, C>, 'memory'>>;
  readonly memory: Memory | undefined;
  private userId: number | null = null;
  private entries: E[] = [];
  private syncing = false;
  private paused = false;
  private conflicts: C[] = [];
  private snapshot: OutboxSnapshot<E, C>;
  private readonly listeners = new Set<() => void>();
  private readonly waiters = new Map<string, Waiter>();
  private readonly appliedListeners = new Set<AppliedListener<E>>();
  /** The queue as the rules see it while an answer is kept. */
  private readonly queue: OutboxQueue<E>;
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
  private loading: Promise<void> = Promise.resolve();
  /** See OutboxSnapshot.loaded. */
  private loaded = false;
  private markReady: () => void = () => {};
  /** Settles once a user's queue has been read (the first start). */
  readonly ready: Promise<void> = new Promise((resolve) => {
    this.markReady = resolve;
  });

  constructor({ memory, ...deps }: OutboxDeps<E, C>) {
    this.deps = { isOnline: () => typeof navigator === 'undefined' || navigator.onLine, ...deps };
    this.memory = memory;
    this.snapshot = this.makeSnapshot();
    const entries = () => this.entries;
    const replace = (next: readonly E[]) => {
      this.entries = [...next];
    };
    this.queue = {
      get entries() {
        return entries();
      },
      set entries(next) {
        replace(next);
      },
      stored: async () => (this.userId === null ? [] : this.deps.storage.all(this.userId)),
      put: (entry) => this.deps.storage.put(entry),
      reload: () => this.reload(),
      changed: () => this.changed(),
    };
  }

  // --- state for the screens ---

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): OutboxSnapshot<E, C> => this.snapshot;

  private makeSnapshot(): OutboxSnapshot<E, C> {
    return { userId: this.userId, loaded: this.loaded, entries: [...this.entries], syncing: this.syncing, paused: this.paused, conflicts: [...this.conflicts] };
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

  onApplied(listener: AppliedListener<E>): () => void {
    this.appliedListeners.add(listener);
    return () => this.appliedListeners.delete(listener);
  }

  /** What the screens call an entry. */
  describe(entry: E, t: Translate): string {
    return this.deps.rules.describe(entry, t);
  }

  /** Where in the app an entry's change is made (a refused one is fixed there), or null. */
  openAt(entry: E): string | null {
    return this.deps.rules.openAt?.(entry) ?? null;
  }

  /** The entries that wait behind a failed one, by this queue's rules (see heldBehindFailed). */
  heldBehindFailed(entries: readonly E[]): Set<string> {
    return heldBehindFailed(entries, this.deps.rules);
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
      this.loaded = false;
      this.changed();
    }
    this.paused = false;
    this.backoff = FIRST_BACKOFF_MS;
    this.loading = this.reload().then(() => this.markReady());
    void this.loading.then(() => this.sync());
    return this.loading;
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
    this.loaded = false;
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
    this.loaded = true;
    this.changed();
  }

  /**
   * Stores every waiting entry as the rules resolve it (references answered meanwhile replaced), so
   * its lane and its check go by what the server gave. Under the lock.
   */
  private async resolveQueue(): Promise<void> {
    let changed = false;
    const entries: E[] = [];
    for (const entry of this.entries) {
      const resolved = entry.state === 'pending' && !this.sending.has(entry.key) ? this.deps.rules.resolve(entry) : entry;
      if (resolved !== entry) {
        await this.deps.storage.put(resolved);
        changed = true;
      }
      entries.push(resolved);
    }
    if (changed) this.entries = entries;
  }

  // --- writing ---

  /**
   * Queues a write and sends the queue. Answers the server's answer if it was sent now, or
   * { sent: false } when it waits for the network. Rejects with the ApiError of a refusal (4xx).
   */
  async submit(entry: NewEntry<E>): Promise<SubmitResult> {
    await this.loading;
    const userId = this.userId;
    // No signed-in user known to the outbox (a screen rendered on its own, in tests): sent directly.
    if (userId === null) return { sent: true, data: await this.deps.send({ ...entry, userId: 0, state: 'pending', createdAt: Date.now() } as E) };
    const { stored, offline } = await this.exclusive(async () => {
      // Admitted here, under the lock: a reference answered just now is already mapped.
      const admitted = this.deps.rules.admit(entry);
      const waitsBehind = this.entries.some((e) => e.state === 'pending');
      const offline = !this.deps.isOnline() || this.paused;
      // attempted: false says "never sent": an entry stored by an older version has no such field and may have been sent.
      const added = await this.deps.storage.add({ ...admitted, userId, state: 'pending', createdAt: Date.now(), deferred: offline || waitsBehind, attempted: false } as E);
      this.entries = [...this.entries, added];
      return { stored: added, offline };
    });
    this.changed();
    if (offline) {
      // Made without a network (or a session): the user is told at once that it waits; the network
      // coming back (networkBack) or the next sign-in (start) sends it. Were the answer kept for a
      // sync, the network coming back before that sync read the queue would send it as a save still
      // on the screen, and a refusal would go to a form that has moved on instead of staying with
      // the step until the user fixes it.
      return { sent: false };
    }
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
      // What failed with it (a refused create's changes) goes again behind it.
      const along = this.deps.rules.refusedWith(entry, this.entries);
      const again = this.entries.filter((e) => e.seq === seq || (along.includes(e) && e.state === 'failed'));
      const pending = again.map(({ error: _error, ...rest }) => ({ ...rest, state: 'pending', deferred: true }) as E);
      for (const e of pending) await this.deps.storage.put(e);
      this.entries = this.entries.map((e) => pending.find((p) => p.seq === e.seq) ?? e);
    });
    this.changed();
    await this.sync();
  }

  /**
   * Drops a failed entry (the user chose Discard) with what the rules drop with it (writes that
   * cannot go without it), and changes the waiting entries that named it (a discarded photo's
   * temporary name leaves them). The entries that waited behind it go on.
   */
  async discard(seq: number): Promise<void> {
    await this.exclusive(async () => {
      await this.reload(); // as another tab left it (corrected, sent or discarded there)
      const entry = this.entries.find((e) => e.seq === seq);
      if (!entry) return;
      const dropped = this.withDependents(entry);
      for (const e of dropped) if (e.seq !== undefined) await this.deps.storage.remove(e.seq);
      this.entries = this.entries.filter((e) => !dropped.includes(e));
      const cleaned = this.deps.rules.discarded(entry, this.entries);
      if (cleaned.length > 0) {
        for (const e of cleaned) await this.deps.storage.put(e);
        this.entries = this.entries.map((e) => cleaned.find((c) => c.seq === e.seq) ?? e);
      }
    });
    this.changed();
    await this.sync();
  }

  /** An entry with what the rules drop with it. */
  private withDependents(entry: E): E[] {
    const along = this.deps.rules.droppedWith(entry, this.entries);
    return this.entries.filter((e) => e.seq === entry.seq || along.includes(e));
  }

  /**
   * Changes (or, with null, drops) the body of an entry still waiting: something added offline and
   * then edited or deleted offline is sent as one add, or not at all. Answers false when no such
   * entry waits any more (it was sent meanwhile) or it may have reached the server.
   *
   * A refused (failed) entry is corrected even if it was sent: a refusal records nothing on the
   * server (docs/decisions/011: the refusing transaction rolls back with its key, and a refusal
   * before any transaction never records it), so the corrected body goes under the same key, back
   * to pending, and is applied (the key cannot replay the refusal). Dropped, it takes what the rules drop with it.
   */
  async amend(match: (entry: E) => boolean, body: Record<string, unknown> | null): Promise<boolean> {
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
        const corrected = { ...rest, body, state: 'pending', deferred: true, attempted: false } as E;
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
    const fresh: SyncMemo = new Map();
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
  private async sendAll(fresh: SyncMemo): Promise<boolean> {
    const userId = this.userId;
    if (userId === null) return true;
    const flying = new Map<string, { lane: string; upload: boolean; done: Promise<void> }>();
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
            flying.set(entry.key, { lane: this.deps.rules.laneOf(entry), upload: this.deps.rules.isUpload(entry), done });
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
   * one (the lane waits until the user retries or discards it: strict order per lane, so a retried
   * save never lands after a later one) or the rules have it wait on another entry not answered yet
   * or refused; within the limits of requests at once.
   */
  private readyToSend(flying: ReadonlyMap<string, { lane: string; upload: boolean }>): E[] {
    const { rules } = this.deps;
    const taken = new Set([...flying.values()].map((f) => f.lane));
    let slots = MAX_IN_FLIGHT - flying.size;
    let uploadSlots = MAX_UPLOADS_IN_FLIGHT - [...flying.values()].filter((f) => f.upload).length;
    const ready: E[] = [];
    for (const entry of this.entries) {
      if (slots === 0) break;
      const lane = rules.laneOf(entry);
      if (taken.has(lane)) continue;
      taken.add(lane);
      if (entry.state === 'failed' || this.sending.has(entry.key)) continue;
      if (rules.isUpload(entry)) {
        if (uploadSlots === 0) continue;
        uploadSlots -= 1;
      } else if (rules.waitsOn(entry, this.entries)) continue;
      slots -= 1;
      ready.push(entry);
    }
    return ready;
  }

  /** Stores that the entry is being sent (before its request leaves), once. Under the lock. */
  private async markAttempted(entry: E): Promise<E> {
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
  private async sendOne(queued: E, fresh: SyncMemo, halt: { stopped: boolean }): Promise<void> {
    let entry = queued;
    try {
      const checking = this.deps.rules.check(entry, fresh);
      const found = Array.isArray(checking) ? checking : await checking;
      // Right before sending: still this user's session (another may have signed in, or it ended,
      // during the check's read), and any reference answered meanwhile replaced.
      if (entry.userId !== this.userId || this.paused) {
        halt.stopped = true;
        return;
      }
      entry = this.deps.rules.resolve(entry);
      let data = await this.deps.send(entry);
      const answered = entry;
      if (data === null) {
        // ADR 011: applied, but the server stopped before it kept the answer.
        try {
          data = await this.deps.rules.askAgain(answered, this.deps.send);
        } catch (error) {
          if (!(error instanceof AnswerLost)) throw error;
          await this.exclusive(() => this.refused(answered, error));
          return;
        }
      }
      await this.exclusive(async () => {
        // What the answer gives the waiting entries is theirs before the entry leaves the queue:
        // stopped in between, it is sent again and replayed.
        await this.deps.rules.answered(answered, data, this.queue);
        if (answered.seq !== undefined) await this.deps.storage.remove(answered.seq);
        this.entries = this.entries.filter((e) => e.seq !== answered.seq);
      });
      this.deps.rules.sent(entry, data, fresh);
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
      // A refusal of the check's read (a 404): the write itself would say the same.
      await this.exclusive(() => this.refused(entry, error));
    }
  }

  private async refused(entry: E, error: unknown): Promise<void> {
    const waiter = this.waiters.get(entry.key);
    const dependents = this.deps.rules.refusedWith(entry, this.entries);
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
    const failed = [entry, ...dependents].map((e) => ({ ...e, state: 'failed', error: message }) as E);
    for (const e of failed) await this.deps.storage.put(e);
    this.entries = this.entries.map((e) => failed.find((f) => f.seq === e.seq) ?? e);
    this.changed();
    if (waiter) {
      this.waiters.delete(entry.key);
      waiter.reject(error);
    }
  }
}

/**
 * The entries that wait behind a failed one until the user retries or discards it: the later
 * entries of a failed entry's lane, and the entries waiting on a failed one (with their lane's later
 * ones). For the screens: they are kept, not lost, and say what they wait for.
 */
export function heldBehindFailed<E extends OutboxEntry>(entries: readonly E[], rules: Pick<OutboxRules<E, unknown>, 'laneOf' | 'isUpload' | 'waitsOn'>): Set<string> {
  const failed = entries.filter((e) => e.state === 'failed');
  const blockedLanes = new Set<string>();
  const held = new Set<string>();
  for (const entry of entries) {
    const lane = rules.laneOf(entry);
    if (blockedLanes.has(lane)) held.add(entry.key);
    else if (entry.state === 'failed') blockedLanes.add(lane);
    else if (!rules.isUpload(entry) && rules.waitsOn(entry, failed)) {
      held.add(entry.key);
      blockedLanes.add(lane);
    }
  }
  return held;
}
