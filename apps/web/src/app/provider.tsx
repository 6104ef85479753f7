import { Suspense, lazy, useState, type ReactNode } from 'react';
import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { afterFirstScreen } from '../lib/first-screen';
import { i18n } from '../lib/i18n/i18n';
import { createQueryClient } from '../lib/query-client';
import { COLOR_SCHEME_STORAGE_KEY } from './color-scheme-key';
import { cssVariablesResolver, theme } from './theme';
import './app.css';

const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

// The toasts' container (with its transitions) comes once the first screen is done, not before or
// beside it: the first screen neither waits for it nor shares the network with it, and a toast
// shown earlier waits in the store until it is there.
const Toasts = lazy(() => afterFirstScreen().then(() => import('./toasts')));

/** `queryClient`: the app's own, made before the first render (its kept offline data is restored into it); tests leave it out. */
export function AppProvider({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nProvider>
  );
}
