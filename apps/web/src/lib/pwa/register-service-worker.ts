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
  askToBeTaken();
  const check = () => void workbox.update().catch(() => undefined);
  setInterval(check, UPDATE_CHECK_MS);
  window.addEventListener('online', check);
}

/**
 * A page reloaded while the worker was still installing asked the network for itself before any
 * worker was active, and the worker's clients.claim() on activation does not take it when it comes
 * before the page exists (a page still on its way is no client yet: w3c/ServiceWorker#1090). It
 * would stay uncontrolled, so nothing it asks for later is answered offline, until the next visit.
 * Once a worker is active, a page it does not control asks it to take it, naming the script it
 * started from; the worker agrees only if it holds that script, the same build (sw.ts, docs/decisions/016).
 */
function askToBeTaken(): void {
  const script = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  if (!script) return;
  const entry = new URL(script.src).pathname;
  void navigator.serviceWorker.ready.then((registration) => {
    if (navigator.serviceWorker.controller === null) registration.active?.postMessage({ type: 'CLAIM', entry });
  });
}
