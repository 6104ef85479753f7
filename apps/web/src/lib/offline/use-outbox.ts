import { useSyncExternalStore } from 'react';
import { appOutbox, type OutboxSnapshot } from './outbox';

/** The outbox as the screens show it: what waits, what failed, whether it is sending. */
export function useOutbox(): OutboxSnapshot {
  const outbox = appOutbox();
  return useSyncExternalStore(outbox.subscribe, outbox.getSnapshot);
}

/**
 * One value read from the outbox (a count, a flag: compared with Object.is, so never a new object
 * or array): the component draws again only when that value changes, not at every change of the
 * outbox. A dashboard row's marker, or the shell's logout guard, would otherwise all be drawn again
 * whenever any change is queued, sent or marked, and when the outbox is first read from the device.
 */
export function useOutboxValue<T extends number | boolean | string | null>(read: (snapshot: OutboxSnapshot) => T): T {
  const outbox = appOutbox();
  return useSyncExternalStore(outbox.subscribe, () => read(outbox.getSnapshot()));
}

/** Whether a save of one step of a case waits on this device to be sent (failed ones included). */
export function useStepWaiting(caseId: number | null, step: string): boolean {
  return useOutboxValue(({ entries }) => caseId !== null && entries.some((entry) => entry.caseId === caseId && entry.kind === 'caseStep' && entry.step === step));
}

/** How many changes of one case wait to be sent (failed ones included): the case's "not synced" marker. */
export function useUnsyncedCount(caseId: number | null): number {
  return useOutboxValue(({ entries }) => (caseId === null ? 0 : entries.filter((entry) => entry.caseId === caseId).length));
}
