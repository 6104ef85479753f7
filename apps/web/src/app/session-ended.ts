import type { QueryClient } from '@tanstack/react-query';
import { endOfflineSession } from '../lib/offline/offline-cache';
import { appOutbox } from '../lib/offline/app-outbox';

/**
 * The server said the session has ended (a 401 outside the sign-in checks): the user's kept
 * offline data waits for them to sign in again and none of it is written now; their queued changes
 * wait unsent, since the next cookie may be another user's; the cache is emptied and the sign-in
 * page opens.
 */
export function endSignedInSession(queryClient: QueryClient, openSignIn: () => void): void {
  endOfflineSession();
  appOutbox().pause();
  queryClient.clear();
  openSignIn();
}
