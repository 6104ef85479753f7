import { lazy, Suspense, useEffect, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PAGE_ROUTES, type PageRoute } from '@rescuedesk/shared';
import { PageLoader } from '../components/ui/page-loader';
import { onSessionEnded } from '../lib/api-client';
import { AppRoot } from './routes/app/root';
import { RequirePermission } from './routes/app/require-permission';
import { RouteError } from './routes/route-error';

const LoginRoute = lazy(() => import('./routes/login'));
const NotFoundRoute = lazy(() => import('./routes/app/not-found'));

/** The page of every route in PAGE_ROUTES. */
const PAGES: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  '/dashboard': lazy(() => import('./routes/app/dashboard')),
  '/dashboard/case': lazy(() => import('./routes/app/case')),
  '/settings': lazy(() => import('./routes/app/settings')),
  '/user': lazy(() => import('./routes/app/user-list')),
  '/user/adduser': lazy(() => import('./routes/app/user-form')),
  '/ngo': lazy(() => import('./routes/app/ngo-list')),
  '/ngo/addngo': lazy(() => import('./routes/app/ngo-form')),
  '/reporter': lazy(() => import('./routes/app/reporter-list')),
  '/reporter/addreporter': lazy(() => import('./routes/app/reporter-form')),
  '/vet': lazy(() => import('./routes/app/vet-list')),
  '/vet/addvet': lazy(() => import('./routes/app/vet-form')),
  '/sponsor': lazy(() => import('./routes/app/sponsor-list')),
  '/sponsor/addsponsor': lazy(() => import('./routes/app/sponsor-form')),
};

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
  const router = useMemo(() => createBrowserRouter(routes), []);

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
