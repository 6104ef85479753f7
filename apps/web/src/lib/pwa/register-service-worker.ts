import { Workbox } from 'workbox-window';
import { announceUpdate } from './update-state';

/** How often an open app asks whether a new version was deployed (the browser also asks on every visit). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (docs/decisions/012). A new version installs in the background and
 * then waits: the user is offered "Reload" (UpdatePrompt), and only then does it take over and the
 * page reload, so no page ever runs its old code against the new version's files.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  const switchTo = () => {
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
  };
  workbox.addEventListener('waiting', () => announceUpdate(switchTo));

  // Another tab chose to reload: the new version now answers this page too, whose code is older.
  const hadController = navigator.serviceWorker.controller !== null;
  let switching = false;
  workbox.addEventListener('controlling', () => {
    switching = true;
  });
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (hadController && !switching) announceUpdate(() => window.location.reload());
  });

  void workbox.register().catch(() => undefined);
  const check = () => void workbox.update().catch(() => undefined);
  setInterval(check, UPDATE_CHECK_MS);
  window.addEventListener('online', check);
}
