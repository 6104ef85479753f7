import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PAGE_ROUTES, type PageRoute } from '@rescuedesk/shared';
import { PageLoader } from '../components/ui/page-loader';
import { dashboardListParams, readDashboardFilters } from '../features/cases/api/dashboard-filters';
import { casesQueryOptions } from '../features/cases/api/get-cases';
import { onSessionEnded } from '../lib/api-client';
import { AppRoot } from './routes/app/root';
import { RequirePermission } from './routes/app/require-permission';
import { RouteError } from './routes/route-error';

const LoginRoute = lazy(() => import('./routes/login'));
const NotFoundRoute = lazy(() => import('./routes/app/not-found'));

/** The code of every route in PAGE_ROUTES, fetched the first time the route is shown. */
const PAGE_MODULES: Readonly<Record<string, () => Promise<{ default: ComponentType }>>> = {
  '/dashboard': () => import('./routes/app/dashboard'),
  '/dashboard/case': () => import('./routes/app/case'),
  '/settings': () => import('./routes/app/settings'),
  '/user': () => import('./routes/app/user-list'),
  '/user/adduser': () => import('./routes/app/user-form'),
  '/ngo': () => import('./routes/app/ngo-list'),
  '/ngo/addngo': () => import('./routes/app/ngo-form'),
  '/reporter': () => import('./routes/app/reporter-list'),
  '/reporter/addreporter': () => import('./routes/app/reporter-form'),
  '/vet': () => import('./routes/app/vet-list'),
  '/vet/addvet': () => import('./routes/app/vet-form'),
  '/sponsor': () => import('./routes/app/sponsor-list'),
  '/sponsor/addsponsor': () => import('./routes/app/sponsor-form'),
};

const PAGES: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = Object.fromEntries(
  Object.entries(PAGE_MODULES).map(([path, load]) => [path, lazy(load)]),
);

/**
 * Opening the app at a page would otherwise fetch one thing after another: the session, then the
 * page's code, then its data. On a slow network each wait is a round trip, so the page's code, and
 * the dashboard's list, are asked for at once, alongside the session. A session that has ended
 * answers the list with 401, which signs out as any other call does.
 */
function preloadOpeningPage(queryClient: QueryClient, { pathname, search }: Location): void {
  const load = PAGE_MODULES[pathname];
  if (!load) return;
  void load();
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

const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        path: '/',
        element: (
          <Suspense fallback={<PageLoader fullScreen />}>
            <LoginRoute />
          </Suspense>
        ),
      },
      {
        element: <AppRoot />,
        children: [
          ...PAGE_ROUTES.map((page) => ({ path: page.path, element: pageElement(page) })),
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

export function AppRouter() {
  const queryClient = useQueryClient();
  const [router] = useState(() => {
    preloadOpeningPage(queryClient, window.location);
    return createBrowserRouter(routes);
  });

  useEffect(
    () =>
      onSessionEnded(() => {
        queryClient.clear();
        void router.navigate('/', { replace: true });
      }),
    [queryClient, router],
  );

  return <RouterProvider router={router} />;
}
