import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../src/lib/i18n/i18n';
import { theme } from '../src/app/theme';

interface RenderOptions {
  /** The URL the router starts at. */
  route?: string;
}

/**
 * Renders with the app's providers: Mantine (no transitions or portals), notifications, a fresh
 * query client, and a data router like the app's (so useBlocker works) in memory, answered for
 * tests that look at or change the location. Every path shows `ui`.
 */
export function renderWithProviders(ui: ReactElement, { route = '/' }: RenderOptions = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] });
  const view = render(
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nProvider>,
  );
  return { user: userEvent.setup(), queryClient, router, ...view };
}
