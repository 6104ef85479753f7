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
const ComingSoonRoute = lazy(() => import('./routes/app/coming-soon'));
const NotFoundRoute = lazy(() => import('./routes/app/not-found'));

/** Pages that exist so far; every other PAGE_ROUTES entry shows "coming soon" until its issue lands. */
const PAGES: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  '/settings': lazy(() => import('./routes/app/settings')),
};

function pageElement({ path, title, permission }: PageRoute) {
  const Page = PAGES[path];
  return (
    <RequirePermission permission={permission}>
      {Page ? <Page /> : <ComingSoonRoute title={title} />}
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
