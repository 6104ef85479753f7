import { useEffect, useState } from 'react';
import type { SessionEndReason } from '@rescuedesk/shared';
import { forgetProbedSessionEnd, probedSessionEnd } from '../../lib/api-client';

/**
 * Why someone else ended the session, when the app found it out as it started (its session check
 * was told so, once: api-client probedSessionEnd) rather than mid-use. Read once the check has
 * answered (`answered`), kept while the sign-in page shows, and forgotten by the app, so a later
 * visit to the sign-in page does not say it again.
 */
export function useProbedSessionEnd(answered: boolean): SessionEndReason | null {
  const [kept, setKept] = useState<SessionEndReason | null>(null);
  const probed = answered ? probedSessionEnd() : null;
  if (probed !== null && probed !== kept) setKept(probed);
  useEffect(() => {
    if (answered) forgetProbedSessionEnd();
  }, [answered]);
  return kept ?? probed;
}
