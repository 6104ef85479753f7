import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DecodedMatches } from './case-word-keys';

/**
 * Search threads for SQLite (docs/decisions/019-sqlite-search-threads.md).
 *
 * better-sqlite3 reads on the thread that asks, and a new search's word index is most of its cost,
 * the more so for a common word with thousands of matches. On the server's one
 * thread that work queued every other request behind it, while the machine's other cores idled.
 * Here the word-index statements of a search run on worker threads, each with its own read-only
 * connection to the file, which also decode the answer (case-word-keys.ts), so that only the
 * statements go there and only the counts and a page's ids come back.
 *
 * - They read what the server's read connection reads: each statement sees the last commit (WAL),
 *   never a write batch in progress. A statement inside a transaction stays on the transaction's
 *   connection: the threads serve only the database they were attached to, never a transaction.
 * - Threads start on first use, up to `size`, or all at once with prestart() (a serving process
 *   does, so that its first search does not wait for a thread to load); a task
 *   goes to the thread with the fewest waiting. An idle thread does not keep the process alive.
 * - An SQLite error comes back as an Error with SQLite's code (SQLITE_BUSY is still answered 503).
 *   A thread that dies (or cannot start) is logged, fails the tasks it held with SearchThreadLost,
 *   on which the caller reads on its own thread instead, and is replaced by the next task.
 */

export interface SearchThreadData {
  file: string;
  mmapBytes: number;
}

/**
 * A search's word-index statements (compiled, each answering one text), the window of ids to
 * decode, and optionally the statement that reads the window's rows: its parameter at `idsAt`
 * becomes the ids, as a JSON array.
 */
export interface SearchTask {
  id: number;
  statements: ReadonlyArray<{ sql: string; parameters: readonly unknown[] }>;
  wanted: number | undefined;
  window: { offset: number; limit: number } | undefined;
  rows: { sql: string; parameters: readonly unknown[]; idsAt: number } | undefined;
}

/** Decoded matches, with the window's rows (arrays) when the task asked for them. */
export type SearchMatches = DecodedMatches & { rows?: unknown[][] };

export type SearchThreadReply = { id: number; matches: SearchMatches } | { id: number; error: { message: string; code?: string } };

/** What a thread posts once, when its connection is open and it takes tasks. */
export type SearchThreadReady = 'ready';

/** The thread that held a task ended before answering it (or the threads were closed): nothing was read for it. */
export class SearchThreadLost extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SearchThreadLost';
  }
}

interface Logger {
  error(obj: object, msg: string): void;
}

interface Waiting {
  resolve: (matches: SearchMatches) => void;
  reject: (err: Error) => void;
}

interface SearchThread {
  worker: Worker;
  waiting: Map<number, Waiting>;
  /** Settles when the thread takes tasks, or has ended. */
  started: Promise<void>;
}

const THREAD_ENTRY = fileURLToPath(new URL('./sqlite-search-thread.ts', import.meta.url));
/**
 * The server runs its TypeScript through tsx, and so does a thread: it loads its entry with tsx's
 * require, which compiles the entry and its imports in the thread itself. (Node 20 does not apply a
 * loader given by `--import` to a thread; tsx's ESM loader, registered in the thread, would run a
 * loader thread of its own beside it, which made a thread slower to start and larger:
 * docs/performance/2026-11-28.md.) A failure to load ends the thread with the error.
 */
const THREAD_BOOTSTRAP = `require(${JSON.stringify(createRequire(import.meta.url).resolve('tsx/cjs/api'))}).require(${JSON.stringify(THREAD_ENTRY)}, ${JSON.stringify(fileURLToPath(import.meta.url))});`;

export class SqliteSearchThreads {
  private readonly threads: SearchThread[] = [];
  private nextId = 0;
  private closed = false;
  /** Tasks answered, for tests and the bench: proof that the threads, not the server's thread, read. */
  answered = 0;

  constructor(
    private readonly data: SearchThreadData,
    private readonly size: number,
    private readonly log?: Logger,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`search threads: size must be a positive integer, not ${size}`);
  }

  matches(task: Omit<SearchTask, 'id'>): Promise<SearchMatches> {
    if (this.closed) return Promise.reject(new SearchThreadLost('search threads: closed'));
    const thread = this.pick();
    const id = this.nextId++;
    return new Promise<SearchMatches>((resolve, reject) => {
      if (thread.waiting.size === 0) thread.worker.ref();
      thread.waiting.set(id, { resolve, reject });
      thread.worker.postMessage({ id, ...task } satisfies SearchTask);
    });
  }

  /**
   * Starts every thread not yet running and waits until each takes tasks or has ended (a thread
   * that cannot start is logged, as on first use, and its searches are read on the server's thread).
   */
  async prestart(): Promise<void> {
    while (!this.closed && this.threads.length < this.size) this.start();
    await Promise.all(this.threads.map((thread) => thread.started));
  }

  /** Threads running (started, not ended). */
  get running(): number {
    return this.threads.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.map((thread) => thread.worker.terminate()));
  }

  /** The idle thread, else a new one while fewer than `size` run, else the one with the fewest tasks. */
  private pick(): SearchThread {
    let best: SearchThread | undefined;
    for (const thread of this.threads) if (!best || thread.waiting.size < best.waiting.size) best = thread;
    if (best && (best.waiting.size === 0 || this.threads.length >= this.size)) return best;
    return this.start();
  }

  private start(): SearchThread {
    const worker = new Worker(THREAD_BOOTSTRAP, { eval: true, workerData: this.data });
    let started!: () => void;
    const thread: SearchThread = { worker, waiting: new Map(), started: new Promise((resolve) => (started = resolve)) };
    this.threads.push(thread);
    worker.unref();
    worker.on('message', (reply: SearchThreadReply | SearchThreadReady) => {
      if (reply === 'ready') return started();
      const waiting = thread.waiting.get(reply.id);
      if (!waiting) return;
      thread.waiting.delete(reply.id);
      if (thread.waiting.size === 0) worker.unref();
      if ('matches' in reply) {
        this.answered++;
        waiting.resolve(reply.matches);
      } else {
        waiting.reject(Object.assign(new Error(reply.error.message), reply.error.code === undefined ? {} : { code: reply.error.code }));
      }
    });
    let failure: Error | undefined;
    worker.on('error', (err) => {
      failure = err;
    });
    worker.on('exit', (code) => {
      started();
      const at = this.threads.indexOf(thread);
      if (at >= 0) this.threads.splice(at, 1);
      if (!this.closed) this.log?.error({ err: { message: failure?.message ?? `exit code ${code}` } }, 'A search thread ended; its searches are read on the server thread');
      const err = new SearchThreadLost(this.closed ? 'search threads: closed' : `search thread exited (code ${code})`, failure ? { cause: failure } : undefined);
      for (const waiting of thread.waiting.values()) waiting.reject(err);
      thread.waiting.clear();
    });
    return thread;
  }
}

const attached = new WeakMap<object, SqliteSearchThreads>();

/** The search threads of a database (its root Kysely instance; a transaction has none). */
export function attachSearchThreads(db: object, threads: SqliteSearchThreads): void {
  attached.set(db, threads);
}

export function searchThreadsOf(db: object): SqliteSearchThreads | undefined {
  return attached.get(db);
}
