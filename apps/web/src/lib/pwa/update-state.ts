import { useSyncExternalStore } from 'react';

/**
 * Whether a new version of the app waits to take over, and how to switch to it. Kept apart from the
 * registration (register-service-worker.ts, loaded after the first page is drawn) so the prompt
 * costs the first page almost nothing.
 */

let reload: (() => void) | null = null;
const listeners = new Set<() => void>();

/** A new version is ready; `switchTo` hands over to it and reloads the page. */
export function announceUpdate(switchTo: () => void): void {
  reload = switchTo;
  for (const listener of listeners) listener();
}

export function reloadToUpdate(): void {
  reload?.();
}

export function useUpdateReady(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => reload !== null,
  );
}
