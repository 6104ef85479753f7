import { useSyncExternalStore } from 'react';
import { appOutbox, type OutboxSnapshot } from './outbox';

/** The outbox as the screens show it: what waits, what failed, whether it is sending. */
export function useOutbox(): OutboxSnapshot {
  const outbox = appOutbox();
  return useSyncExternalStore(outbox.subscribe, outbox.getSnapshot);
}

/** How many changes of one case wait to be sent (failed ones included): the case's "not synced" marker. */
export function useUnsyncedCount(caseId: number | null): number {
  const { entries } = useOutbox();
  if (caseId === null) return 0;
  return entries.filter((entry) => entry.caseId === caseId).length;
}
