import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { cleanNotifications } from '@mantine/notifications';
import { i18n } from '../src/lib/i18n/i18n';
import { messages } from '../src/lib/i18n/catalogues/en';

// What a test waits for (findBy…, waitFor) may take a while on a loaded 2-core CI machine: steps
// and pages are built lazily, in transitions. Waiting longer costs nothing when it comes at once.
configure({ asyncUtilTimeout: 15_000 });

// Components read their texts from the English catalogue, as a first visit in English does.
i18n.loadAndActivate({ locale: 'en', messages });

// jsdom lacks what Mantine's components call on mount.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

window.HTMLElement.prototype.scrollIntoView = () => {};

// jsdom has no object URLs; the picture preview needs them.
URL.createObjectURL = () => 'blob:stub';
URL.revokeObjectURL = () => {};

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  cleanNotifications();
  window.localStorage.clear();
});
