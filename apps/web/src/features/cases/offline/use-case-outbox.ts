import { useOutboxOf, useOutboxValueOf } from '../../../lib/offline/use-outbox';
import type { OutboxSnapshot } from '../../../lib/offline/outbox';
import { caseOutbox, type CaseOutboxEntry } from './case-outbox';
import type { Conflict } from './conflicts';

/** The app's outbox as the case screens show it: the waiting case writes, and the conflicts found. */
export function useCaseOutbox(): OutboxSnapshot<CaseOutboxEntry, Conflict> {
  return useOutboxOf(caseOutbox());
}

/** Whether a save of one step of a case waits on this device to be sent (failed ones included). */
export function useStepWaiting(caseId: number | null, step: string): boolean {
  return useOutboxValueOf(caseOutbox(), ({ entries }) => caseId !== null && entries.some((entry) => entry.caseId === caseId && entry.kind === 'caseStep' && entry.step === step));
}

/** How many changes of one case wait to be sent (failed ones included): the case's "not synced" marker. */
export function useUnsyncedCount(caseId: number | null): number {
  return useOutboxValueOf(caseOutbox(), ({ entries }) => (caseId === null ? 0 : entries.filter((entry) => entry.caseId === caseId).length));
}

/** The server's message for a save of one step of a case that it refused (kept on this device to be fixed), or null. */
export function useRefusedStep(caseId: number | null, step: string): string | null {
  return useOutboxValueOf(caseOutbox(), ({ entries }) => entries.find((entry) => entry.caseId === caseId && entry.kind === 'caseStep' && entry.step === step && entry.state === 'failed')?.error ?? null);
}

/**
 * Whether the signed-in user's waiting changes are still being read from the device (after a
 * reload): a case shown before would show its kept copy without them, and its forms, filled once,
 * would keep that (docs/decisions/012). False where no user started the outbox (a screen on its own).
 */
export function useOutboxReading(): boolean {
  return useOutboxValueOf(caseOutbox(), ({ userId, loaded }) => userId !== null && !loaded);
}
