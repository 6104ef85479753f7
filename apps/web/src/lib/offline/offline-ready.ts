import { useSyncExternalStore } from 'react';

/**
 * Whether this device could open what the user is looking at with no network (docs/product.md,
 * "Ready for offline use"): the service worker is active (on a first visit it installs after the
 * page has loaded, precaching the whole build), and the screen's data has been written to the kept
 * cache at least once for the signed-in user (offline-cache.ts). Until both, the top bar says
 * 'Getting ready for offline use…' instead of 'Online'. Once ready it stays so for this user: later
 * pages are written within a second of their answers, and at once when the network goes.
 */

/** Without a service worker (a browser lacking it, or the dev server) there is nothing to wait for. */
const workerExpected = () => import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

let workerActive = false;
let watchingWorker = false;
let dataKept = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function watchWorker(): void {
  if (watchingWorker || !workerExpected()) return;
  watchingWorker = true;
  // Resolves once a service worker of this scope is active: its install (the precache) is done.
  void navigator.serviceWorker.ready.then(() => {
    workerActive = true;
    emit();
  });
}

/** The kept cache wrote (true) or dropped (false: signed out, another user) the user's data. */
export function noteDataKept(kept: boolean): void {
  if (dataKept === kept) return;
  dataKept = kept;
  emit();
}

export function isReadyForOffline(): boolean {
  return dataKept && (workerActive || !workerExpected());
}

export function useReadyForOffline(): boolean {
  return useSyncExternalStore((listener) => {
    watchWorker();
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, isReadyForOffline);
}
