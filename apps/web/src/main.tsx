// Before anything can parse: zod without its eval probe (the CSP forbids eval).
import './lib/zod-jitless';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { activateLanguage, deviceLanguage } from './lib/i18n/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first screen is drawn in the device's language: its catalogue (a small chunk) comes first.
await activateLanguage(deviceLanguage());

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
