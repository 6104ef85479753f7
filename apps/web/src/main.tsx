// Mantine's global styles; each component's come with it (vite.config.ts, mantineStylesWithComponents).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import type { CaseListInput } from '@rescuedesk/shared';
import { createRoot } from 'react-dom/client';
import { loadSignedInApp, preloadSignedInPage } from './app/page-modules';
import { FIRST_DASHBOARD_LIST } from './app/early-requests';
import { AppProvider } from './app/provider';
import { StandaloneSignIn } from './app/standalone-sign-in';
import { UpdatePrompt } from './components/pwa/update-prompt';
import { getMe, meQueryOptions } from './features/auth/api/get-me';
import { casesQueryOptions, getCases } from './features/cases/api/get-cases';
import { afterFirstScreen, holdUntilFirstScreen } from './lib/first-screen';
import { activateLanguage, deviceLanguage } from './lib/i18n/i18n';
import { activeOfflineUserId } from './lib/offline/offline-user';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
const queryClient = createQueryClient();

/** Settles once the first screen has been drawn: its drawing, not only its code, is done. */
let firstScreenDrawn = (): void => undefined;
const drawn = new Promise<void>((resolve) => {
  firstScreenDrawn = resolve;
});
function FirstScreenDrawn(): null {
  useEffect(() => firstScreenDrawn(), []);
  return null;
}

function render(content: ReactNode): void {
  root.render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        {content}
        <UpdatePrompt />
        <FirstScreenDrawn />
      </AppProvider>
    </StrictMode>,
  );
}

/**
 * The signed-in app (router, shell, pages), with what the user last saw kept on the device
 * (docs/decisions/012): it opens with that, with or without a network, and refreshes it when it can.
 * The code of the shell and of the page opened comes first, so the first screen is drawn in one
 * piece (app/router.tsx openingPageReady).
 */
async function signedInApp() {
  const app = await loadSignedInApp();
  await Promise.all([app.startSignedInApp(queryClient), app.openingPageReady(window.location.pathname)]);
  return app.AppRouter;
}

/**
 * The signed-in app's first screen is drawn as a transition: React draws it in slices of a few
 * milliseconds, so a slow phone stays free for the browser's own work between them, instead of one
 * long task (docs/performance/2026-11-24.md, "Web, first visit (2026-11-24, night)").
 */
function renderSignedInApp(content: ReactNode): void {
  startTransition(() => render(content));
}

/**
 * Signed in on the page opened on its own, or a session found there: the app takes over at `path`.
 * Only after signing in is the new page a move (its heading takes the focus, page-heading-focus).
 */
function openAppAt(path: string, signedInNow: boolean): void {
  window.history.replaceState(null, '', path);
  void signedInApp().then((AppRouter) => renderSignedInApp(<AppRouter openedBySignIn={signedInNow} />));
}

/**
 * A request sent before the signed-in app has arrived, handed to the query cache once the app
 * watches it (its answers are kept for reading offline only when seen arriving: lib/offline):
 * the cache's first fetch takes the answer already on its way, any later one asks again.
 */
function sentEarly<T>(fetch: () => Promise<T>): () => Promise<T> {
  let early: Promise<T> | undefined = fetch();
  early.catch(() => undefined); // met by the query cache, not an unhandled rejection meanwhile
  return () => {
    const answer = early ?? fetch();
    early = undefined;
    return answer;
  };
}

// The sign-in page opens on its own, without the router and the signed-in area
// (docs/performance/2026-11-23.md, "Web"), unless this device's user is signed in. Any other page: its
// code, the shell's, the session and (for the dashboard) its list are asked for at once, while the
// language and the kept data are read.
const { pathname, search } = window.location;
const signInOnly = pathname === '/' && activeOfflineUserId() === null;
/** Hands the early requests to the query cache; settles once both are answered. */
let handEarlyRequestsToCache = (): Promise<unknown> => Promise.resolve();
if (!signInOnly) {
  preloadSignedInPage(pathname);
  const me = sentEarly(getMe);
  // The dashboard as the app opens it (no tab, search or page in the address): what
  // dashboardListParams() asks for then, written out (app/early-requests.ts) because the filters'
  // module would bring the shared schemas (and zod) into this chunk; startup-preload.js has already
  // sent it, and the same request takes that answer. With no network the kept list is shown as it is.
  const listParams: CaseListInput | null = pathname === '/dashboard' && search === '' && navigator.onLine ? { ...FIRST_DASHBOARD_LIST } : null;
  const list = listParams && sentEarly(() => getCases(listParams));
  handEarlyRequestsToCache = () =>
    Promise.all([
      queryClient.prefetchQuery({ ...meQueryOptions(), queryFn: me }),
      listParams && list ? queryClient.prefetchQuery({ ...casesQueryOptions(listParams), queryFn: list }) : undefined,
    ]);
}

// The first screen is drawn in the device's language: its catalogue (a small chunk) comes first.
// (No top-level await: the signed-in app's chunks import this one, and would wait for it forever.)
async function start(): Promise<void> {
  if (signInOnly) {
    await activateLanguage(deviceLanguage());
    render(<StandaloneSignIn onOpenApp={openAppAt} />);
    return;
  }
  const [AppRouter] = await Promise.all([signedInApp(), activateLanguage(deviceLanguage())]);
  const answered = handEarlyRequestsToCache();
  renderSignedInApp(<AppRouter />);
  await answered;
}
const started = start();

// The service worker and the toasts' container once the page has loaded and the first screen has
// come, with its data, and been drawn (or failed to come): they never compete with the first screen.
// The page's own load comes sooner: over HTTP/1.1 the worker's first requests took connections that
// the dashboard's session and list then waited for, and their code ran between the slices of the
// first screen's drawing (docs/performance/2026-11-24.md, "Web, first visit (2026-11-24, late night)";
// docs/performance/2026-11-25.md, "Web, first visit (2026-11-25)").
const pageLoaded = new Promise<void>((resolve) => {
  if (document.readyState === 'complete') resolve();
  else window.addEventListener('load', () => resolve(), { once: true });
});
// Should the first screen take longer than 15 s (its code stuck on a dying network), they come anyway:
// the worker is what keeps the app working offline, and the toasts say what went wrong.
const firstScreen = Promise.all([pageLoaded, started.then(() => drawn)]);
holdUntilFirstScreen(Promise.race([firstScreen, new Promise<void>((resolve) => window.setTimeout(resolve, 15_000))]));
const registerServiceWorker = () => void import('./lib/pwa/register-service-worker').then((pwa) => pwa.registerServiceWorker());
if (import.meta.env.PROD) void afterFirstScreen().then(registerServiceWorker);
