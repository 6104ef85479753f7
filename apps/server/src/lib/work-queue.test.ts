import { describe, expect, it } from 'vitest';
import { WorkQueue } from './work-queue';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Lets every pending promise callback run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('WorkQueue', () => {
  it('runs at most its limit at once and starts the others in arrival order', async () => {
    const queue = new WorkQueue(2);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const done = gates.map((gate, i) =>
      queue.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect(queue.state).toEqual({ running: 2, waiting: 3 });

    gates[1]!.resolve();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    expect(queue.state).toEqual({ running: 2, waiting: 2 });

    for (const gate of gates) gate.resolve();
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(queue.state).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when a task fails', async () => {
    const queue = new WorkQueue(1);
    await expect(queue.run(async () => Promise.reject(new Error('broken image')))).rejects.toThrow('broken image');
    expect(await queue.run(async () => 'next')).toBe('next');
    expect(queue.state).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a limit that is not a positive whole number', () => {
    expect(() => new WorkQueue(0)).toThrow(RangeError);
    expect(() => new WorkQueue(1.5)).toThrow(RangeError);
  });
});
