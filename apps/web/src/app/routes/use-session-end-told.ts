import { useSyncExternalStore } from 'react';
import type { SessionEndReason } from '@rescuedesk/shared';
import { onSessionEndTold, toldSessionEnd } from '../../lib/api-client';

/**
 * Why someone else ended the session, whichever request the server told it to (api-client
 * toldSessionEnd): the session check as the app opened, a request sent beside it, or one made
 * mid-use. Shown by the sign-in page as soon as it is known, until someone signs in.
 */
export function useSessionEndTold(): SessionEndReason | null {
  return useSyncExternalStore(onSessionEndTold, toldSessionEnd);
}
