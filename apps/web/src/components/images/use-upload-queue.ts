import { useCallback, useEffect, useRef, useState } from 'react';

/** Where a photo is on its way: queued, being scaled down, being sent, or refused. */
export type UploadState = 'waiting' | 'resizing' | 'uploading' | 'failed';

/** A photo chosen but not yet stored: a row with its progress, or with Retry once it failed. */
export interface PendingUpload {
  key: number;
  file: File;
  state: UploadState;
  /** The share of the file sent so far, from 0 to 1. */
  progress: number;
  /** Why it failed, for its row. */
  error?: string;
}

export interface SendOptions {
  /** Aborted when the upload is cancelled or the uploader leaves the page. */
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
}

export interface UploadQueueOptions {
  /** Readies a photo for sending (scales it down); runs before `send`. */
  prepare: (file: File) => Promise<File>;
  /** Sends one prepared photo and answers its stored name. Rejects with an AbortError when aborted. */
  send: (file: File, options: SendOptions) => Promise<string>;
  /** A photo is stored: add its name to the field. */
  onUploaded: (name: string) => void;
  /** A photo was refused or could not be sent: its row stays, with Retry. */
  onFailed: (error: unknown) => void;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The photos of one image field on their way to the server. They go one at a time, in the order
 * chosen, each with its progress; a failed one stays in the list for Retry or Dismiss, and the next
 * one goes on. `uploading` holds while any photo is still to be sent (failed ones do not count), so
 * a form can keep its Save waiting. Leaving the page aborts what is in flight.
 */
export function useUploadQueue(options: UploadQueueOptions) {
  const [pending, setPending] = useState<PendingUpload[]>([]);
  // The newest callbacks, so a queued upload uses what the uploader says when its turn comes.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const queue = useRef<Promise<void>>(Promise.resolve());
  const controllers = useRef(new Map<number, AbortController>());
  const nextKey = useRef(1);

  useEffect(() => {
    const inFlight = controllers.current;
    return () => {
      for (const controller of inFlight.values()) controller.abort();
    };
  }, []);

  const update = useCallback(
    (key: number, change: Partial<PendingUpload>) => setPending((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p))),
    [],
  );
  const drop = useCallback((key: number) => {
    controllers.current.delete(key);
    setPending((list) => list.filter((p) => p.key !== key));
  }, []);

  const run = useCallback(
    async (key: number, file: File) => {
      const controller = controllers.current.get(key);
      // Cancelled while it waited its turn.
      if (!controller || controller.signal.aborted) return;
      try {
        update(key, { state: 'resizing', progress: 0, error: undefined });
        const prepared = await latest.current.prepare(file);
        update(key, { state: 'uploading' });
        const name = await latest.current.send(prepared, {
          signal: controller.signal,
          onProgress: (progress) => update(key, { progress }),
        });
        drop(key);
        latest.current.onUploaded(name);
      } catch (error) {
        if (isAbort(error)) {
          drop(key);
          return;
        }
        update(key, { state: 'failed', error: error instanceof Error ? error.message : undefined });
        latest.current.onFailed(error);
      }
    },
    [update, drop],
  );

  const enqueue = useCallback(
    (key: number, file: File) => {
      controllers.current.set(key, new AbortController());
      queue.current = queue.current.then(() => run(key, file));
    },
    [run],
  );

  /** Queues photos behind those already waiting. */
  const add = useCallback(
    (files: readonly File[]) => {
      const entries = files.map((file) => ({ key: nextKey.current++, file, state: 'waiting' as const, progress: 0 }));
      setPending((list) => [...list, ...entries]);
      for (const entry of entries) enqueue(entry.key, entry.file);
    },
    [enqueue],
  );

  /** Sends a failed photo again, at the back of the queue. */
  const retry = useCallback(
    (entry: PendingUpload) => {
      update(entry.key, { state: 'waiting', progress: 0, error: undefined });
      enqueue(entry.key, entry.file);
    },
    [update, enqueue],
  );

  /** Stops a photo on its way, or dismisses a failed one. */
  const cancel = useCallback(
    (key: number) => {
      controllers.current.get(key)?.abort();
      drop(key);
    },
    [drop],
  );

  return { pending, uploading: pending.some((p) => p.state !== 'failed'), add, retry, cancel };
}
