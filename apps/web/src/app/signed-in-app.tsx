import type { QueryClient } from '@tanstack/react-query';
import { startOfflineCache } from '../lib/offline/offline-cache';

export { AppRouter, openingPageReady } from './router';

let started: Promise<void> | null = null;

/**
 * The signed-in app: the router with every page, the shell, and the data kept on the device for
 * reading offline (docs/decisions/012), restored before its first screen. The sign-in page opens
 * without any of it (main.tsx); this chunk comes down while the user types.
 */
export function startSignedInApp(queryClient: QueryClient): Promise<void> {
  started ??= startOfflineCache(queryClient).restored;
  return started;
}
