import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** navigator.serviceWorker as a page sees it: a registration with an active worker, and the controller. */
class FakeServiceWorkers extends EventTarget {
  controller: object | null = null;
  readonly ready = Promise.resolve({ active: { state: 'activated' } });

  takeThisPage(): void {
    this.controller = {};
    this.dispatchEvent(new Event('controllerchange'));
  }
}

describe('ready for offline use, in a build with a service worker', () => {
  let serviceWorkers: FakeServiceWorkers;

  beforeEach(() => {
    vi.resetModules();
    vi.stubEnv('PROD', true);
    serviceWorkers = new FakeServiceWorkers();
    Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorkers, configurable: true });
  });

  afterEach(() => {
    vi.unstubAllEnvs();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('is not ready while the worker is active but does not control this page, and is once it takes the page', async () => {
    const { noteDataKept, useReadyForOffline } = await import('./offline-ready');
    const { result } = renderHook(() => useReadyForOffline());
    act(() => noteDataKept(true));
    await act(() => serviceWorkers.ready);
    expect(result.current).toBe(false);

    act(() => serviceWorkers.takeThisPage());
    expect(result.current).toBe(true);
  });

  it('is ready at once on a page the worker already controls, once the data is kept', async () => {
    serviceWorkers.controller = {};
    const { noteDataKept, useReadyForOffline } = await import('./offline-ready');
    const { result } = renderHook(() => useReadyForOffline());
    expect(result.current).toBe(false);

    act(() => noteDataKept(true));
    expect(result.current).toBe(true);
  });
});
