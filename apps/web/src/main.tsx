// Before anything can parse: zod without its eval probe (the CSP forbids eval).
import './lib/zod-jitless';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { UpdatePrompt } from './components/pwa/update-prompt';
import { activateLanguage, deviceLanguage } from './lib/i18n/i18n';
import { startOfflineCache } from './lib/offline/offline-cache';
import { createQueryClient } from './lib/query-client';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
// What the signed-in user last saw, kept on the device (docs/decisions/012): the app opens with
// it, with or without a network, and refreshes it when it can.
const offline = startOfflineCache(queryClient);

// The first screen is drawn in the device's language: its catalogue (a small chunk) comes first.
await Promise.all([activateLanguage(deviceLanguage()), offline.restored]);

createRoot(root).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <AppRouter />
      <UpdatePrompt />
    </AppProvider>
  </StrictMode>,
);

// The service worker once the page has loaded: its precaching never competes with the first screen.
const registerServiceWorker = () => void import('./lib/pwa/register-service-worker').then((pwa) => pwa.registerServiceWorker());
if (import.meta.env.PROD) {
  if (document.readyState === 'complete') registerServiceWorker();
  else window.addEventListener('load', registerServiceWorker, { once: true });
}
