import type { Kysely } from 'kysely';
import { type CaseWordShardShape, caseWordShardShapes, mergeCaseWordShardStep } from '../../db/case-search';
import { MaintenanceLeases } from '../../db/maintenance-lease';
import type { DB } from '../../db/schema';

/**
 * Keeps SQLite's case word index close to merged while the server writes (docs/decisions/005,
 * docs/performance/2026-11-24.md, "A live index, merged as it goes").
 *
 * FTS5 writes each transaction's words as a new small segment and merges them only partly as later
 * writes come (automerge, crisismerge): a live shard sits at 10-25 segments, and a search looks
 * each of its words up in every one. This sweep merges them in small steps, each its own write
 * transaction on the one write connection, with a pause between steps so saves and reads go on.
 * It stops when FTS5 reports nothing left to merge, and starts again at the next sweep if cases
 * were written meanwhile. PostgreSQL has no such index: the sweep finds no shards and does
 * nothing.
 */

/**
 * Between sweeps (a constant, as the other sweeps' intervals are). A sweep with nothing to merge
 * reads 16 rows; one after a minute of writes merges their small segments in a few steps.
 */
export const SEARCH_INDEX_MERGE_INTERVAL_MS = 60 * 1000;
const LEASE = 'case-words-merge';
/** Longer than a sweep of every shard at 1,000,000 cases; if its holder dies, another instance takes over after this. */
const LEASE_MS = 10 * 60 * 1000;
/**
 * Leaf pages a step writes at most. Saves that arrive during a step wait for it: steps of 100
 * rather than 250 halve that wait, for a little more CPU over a whole shard
 * (docs/performance/2026-11-24.md, "A live index, merged as it goes").
 */
export const MERGE_STEP_PAGES = 100;
/** After each step, so requests that arrived meanwhile are served before the next. */
const PAUSE_MS = 20;

export interface MergeSweepResult {
  /** Shards that had more than one segment, with their segments before and after. */
  shards: Array<{ table: string; before: number; after: number; steps: number }>;
  /** The sweep stopped early because the server is closing. */
  stopped: boolean;
}

interface Logger {
  info(obj: object, msg: string): void;
}

export class SearchIndexMerger {
  private readonly leases: MaintenanceLeases;
  private stopping = false;
  private wake: (() => void) | undefined;
  private running: Promise<MergeSweepResult | undefined> | undefined;
  /** Shards this process left with nothing to merge, by their shape then: skipped until a write changes it. */
  private readonly settled = new Map<string, string>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log?: Logger,
    private readonly options: { stepPages?: number; pauseMs?: number } = {},
  ) {
    this.leases = new MaintenanceLeases(db);
  }

  /**
   * Merges every shard that holds more than one segment, one at a time, step by step. Answers
   * undefined when another instance holds the lease or a sweep is already running here.
   */
  sweep(): Promise<MergeSweepResult | undefined> {
    if (this.stopping || this.running) return Promise.resolve(undefined);
    this.running = this.sweepOnce().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Ends a running sweep after its current step (a step is one transaction: the index is whole between steps), and waits for that. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.running?.catch(() => undefined);
  }

  private async sweepOnce(): Promise<MergeSweepResult | undefined> {
    // Read first, without the lease: most sweeps find nothing to do (and PostgreSQL never has shards).
    const due = (await caseWordShardShapes(this.db)).filter((shape) => shape.segments > 1 && this.settled.get(shape.table) !== signature(shape));
    if (due.length === 0) return { shards: [], stopped: false };
    return this.leases.runExclusive(LEASE, LEASE_MS, async () => {
      const result: MergeSweepResult = { shards: [], stopped: false };
      for (const shape of due) {
        if (this.stopping) break;
        result.shards.push(await this.mergeShard(shape));
      }
      result.stopped = this.stopping;
      const merged = result.shards.filter((s) => s.steps > 0);
      if (merged.length > 0) this.log?.info({ event: 'search-index.merged', shards: merged, stopped: result.stopped }, 'merged the case word index');
      return result;
    });
  }

  private async mergeShard(shape: CaseWordShardShape): Promise<MergeSweepResult['shards'][number]> {
    const stepPages = this.options.stepPages ?? MERGE_STEP_PAGES;
    // Enough steps to rewrite the shard twice over (merges cascade); more means writes keep adding
    // segments as fast as the steps merge them: the next sweep goes on.
    const maxSteps = 2 * Math.ceil(shape.pages / stepPages) + 16;
    let steps = 0;
    let done = false;
    while (!this.stopping && steps < maxSteps) {
      done = !(await mergeCaseWordShardStep(this.db, shape.table, stepPages));
      if (done) break;
      steps++;
      await this.pause();
    }
    const after = (await caseWordShardShapes(this.db)).find((s) => s.table === shape.table);
    // Settled now: the next sweeps skip it (no write transaction for nothing) until its shape changes.
    if (done && after) this.settled.set(shape.table, signature(after));
    return { table: shape.table, before: shape.segments, after: after?.segments ?? 0, steps };
  }

  private pause(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, this.options.pauseMs ?? PAUSE_MS);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    }).finally(() => {
      this.wake = undefined;
    });
  }
}

function signature(shape: CaseWordShardShape): string {
  return `${shape.segments}/${shape.pages}`;
}
