import { useSyncExternalStore } from 'react';
import { appOutbox, type OutboxSnapshot } from './outbox';

/** The outbox as the screens show it: what waits, what failed, whether it is sending. */
export function useOutbox(): OutboxSnapshot {
  const outbox = appOutbox();
  return useSyncExternalStore(outbox.subscribe, outbox.getSnapshot);
}

/** Whether a save of one step of a case waits on this device to be sent (failed ones included). */
export function useStepWaiting(caseId: number | null, step: string): boolean {
  const { entries } = useOutbox();
  return caseId !== null && entries.some((entry) => entry.caseId === caseId && entry.kind === 'caseStep' && entry.step === step);
}

/** How many changes of one case wait to be sent (failed ones included): the case's "not synced" marker. */
export function useUnsyncedCount(caseId: number | null): number {
  const { entries } = useOutbox();
  if (caseId === null) return 0;
  return entries.filter((entry) => entry.caseId === caseId).length;
}
