import { useSyncExternalStore } from 'react';

/**
 * Whether this device could open what the user is looking at with no network (docs/product.md,
 * "Ready for offline use"): the service worker controls this page (on a first visit it installs
 * after the page has loaded, precaching the whole build; an active worker that does not control the
 * page would not answer what the page asks for next), and the screen's data has been written to the
 * kept cache at least once for the signed-in user (offline-cache.ts). Until both, the top bar says
 * 'Getting ready for offline use…' instead of 'Online'. Once ready it stays so for this user: later
 * pages are written within a second of their answers, and at once when the network goes.
 */

/** Without a service worker (a browser lacking it, or the dev server) there is nothing to wait for. */
const workerExpected = () => import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

let pageControlled = false;
let watchingWorker = false;
let dataKept = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function watchWorker(): void {
  if (watchingWorker || !workerExpected()) return;
  watchingWorker = true;
  // A worker controls the page only once its install (the precache) is done. A worker being active
  // is not enough: a page reloaded during the install is taken later, or not at all
  // (lib/pwa/register-service-worker.ts).
  const update = () => {
    const controlled = navigator.serviceWorker.controller !== null;
    if (controlled === pageControlled) return;
    pageControlled = controlled;
    emit();
  };
  navigator.serviceWorker.addEventListener('controllerchange', update);
  update();
}

/** The kept cache wrote (true) or dropped (false: signed out, another user) the user's data. */
export function noteDataKept(kept: boolean): void {
  if (dataKept === kept) return;
  dataKept = kept;
  emit();
}

export function isReadyForOffline(): boolean {
  return dataKept && (pageControlled || !workerExpected());
}

export function useReadyForOffline(): boolean {
  return useSyncExternalStore((listener) => {
    watchWorker();
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, isReadyForOffline);
}
