import { lazy, Suspense, useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Outlet, createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PAGE_ROUTES, type PageRoute } from '@rescuedesk/shared';
import { forgetEarlierScrollPositions, PageChange } from '../components/layout/page-change';
import { PageHeadingFocusProvider } from '../components/ui/page-heading-focus-provider';
import { PageLoader } from '../components/ui/page-loader';
import { dashboardListParams, readDashboardFilters } from '../features/cases/api/dashboard-filters';
import { meQueryOptions } from '../features/auth/api/get-me';
import { casesQueryOptions } from '../features/cases/api/get-cases';
import { onSessionEnded } from '../lib/api-client';
import { RequirePermission } from './routes/app/require-permission';
import { loadable, type Loadable } from './loadable';
import { PAGE_MODULES, loadSignedInArea } from './page-modules';
import LoginRoute from './routes/login';
import { RouteError } from './routes/route-error';
import { endSignedInSession } from './session-ended';

const AppRoot = loadable(() => loadSignedInArea().then((module) => ({ default: module.AppRoot })));
const NotFoundRoute = lazy(() => import('./routes/app/not-found'));
const VerifyRoute = lazy(() => import('./routes/verify'));

const PAGES: Readonly<Record<string, Loadable>> = Object.fromEntries(Object.entries(PAGE_MODULES).map(([path, load]) => [path, loadable(load)]));

/**
 * Settles once the code of the shell and of the page at `pathname` has arrived (or failed to):
 * main.tsx draws the app's first screen then, in one piece, rather than the shell's loader first,
 * then the shell, then the page, each drawing the page again.
 */
export function openingPageReady(pathname: string): Promise<void> {
  if (pathname === '/') return Promise.resolve();
  return Promise.all([AppRoot.preload(), PAGES[pathname]?.preload()]).then(() => undefined);
}

/**
 * Opening the app at a page would otherwise fetch one thing after another: the session, then its
 * data. On a slow network each wait is a round trip, so the session and the dashboard's list are
 * asked for at once (the page's code has already come: main.tsx waits for it, openingPageReady).
 * A session that has ended answers the list with 401, which signs out as any other call does.
 */
function preloadOpeningPage(queryClient: QueryClient, { pathname, search }: Location): void {
  if (pathname === '/') return;
  void queryClient.prefetchQuery(meQueryOptions());
  if (pathname === '/dashboard') {
    void queryClient.prefetchQuery(casesQueryOptions(dashboardListParams(readDashboardFilters(new URLSearchParams(search)))));
  }
}

function pageElement({ path, permission }: PageRoute) {
  const Page = PAGES[path];
  if (!Page) throw new Error(`No page for the route ${path}`);
  return (
    <RequirePermission permission={permission}>
      <Page />
    </RequirePermission>
  );
}

/** `openedBySignIn`: the sign-in page opened on its own (main.tsx) handed over; its first page is a move. */
const buildRoutes = (openedBySignIn: boolean): RouteObject[] => [
  {
    // Every page, the login page too: after a move between pages the new page's heading takes the focus.
    element: (
      <PageHeadingFocusProvider openedByMove={openedBySignIn}>
        <Outlet />
        <PageChange />
      </PageHeadingFocusProvider>
    ),
    errorElement: <RouteError />,
    children: [
      {
        path: '/',
        element: <LoginRoute />,
      },
      {
        // The public verification of a signed monthly report (docs/reports.md#signing-the-monthly-report): no sign-in.
        path: '/verify/:id',
        element: (
          <Suspense fallback={<PageLoader fullScreen />}>
            <VerifyRoute />
          </Suspense>
        ),
      },
      {
        element: (
          <Suspense fallback={<PageLoader fullScreen />}>
            <AppRoot />
          </Suspense>
        ),
        children: [
          ...PAGE_ROUTES.map((page) => ({ path: page.path, element: pageElement(page) })),
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

/**
 * `openedBySignIn`: the user has just signed in on the sign-in page that opened on its own, without
 * the router (main.tsx): the page opened now is a move, and its heading takes the focus, as after
 * signing in on the router's own sign-in page.
 */
export function AppRouter({ openedBySignIn = false }: { openedBySignIn?: boolean }) {
  const queryClient = useQueryClient();
  const [router] = useState(() => {
    forgetEarlierScrollPositions();
    preloadOpeningPage(queryClient, window.location);
    return createBrowserRouter(buildRoutes(openedBySignIn));
  });

  useEffect(
    () =>
      onSessionEnded((reason) =>
        endSignedInSession(queryClient, () => {
          // The sign-in page says why, when someone else ended the session (login.tsx).
          void router.navigate('/', { replace: true, state: reason ? { sessionEnded: reason } : null });
        }),
      ),
    [queryClient, router],
  );

  return <RouterProvider router={router} />;
}
