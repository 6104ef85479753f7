/**
 * Runs at most `limit` tasks at a time; the others wait their turn in arrival order. Used for
 * image work, which runs on libuv's small thread pool (4 threads): left unbounded, a burst of
 * uploads takes every thread, and sign-ins (argon2) and file reads of other users wait behind it.
 */
export class WorkQueue {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive whole number');
  }

  /** How many tasks run now and how many wait. */
  get state(): { running: number; waiting: number } {
    return { running: this.active, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next task, so a newcomer cannot overtake those waiting.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
