import { sameValue, type SyncMemo } from '../../../lib/offline/outbox-rules';
import type { CaseOutboxEntry } from './case-outbox';
import { isIdentified } from './temporary-ids';

/**
 * Conflicts (docs/decisions/012): a change carries each field's value it was based on; before a
 * deferred change is sent, the case is read (once per case and sync) and a field the server now
 * holds another value for is reported. The later write (this one) still wins: the timeline keeps
 * both values.
 */

export interface Conflict {
  caseId: number;
  /** The step of the field, or null for the top card (type, status, mortality, cause of failure). */
  step: string | null;
  field: string;
  /** What the server held when the change was sent (someone else's value), replaced by `mine`. */
  theirs: unknown;
  mine: unknown;
}

/** The values the changed fields had on screen when the user changed them: what the edit was based on. */
export function baseOf(current: Record<string, unknown> | undefined, fields: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!current) return undefined;
  return Object.fromEntries(Object.keys(fields).map((field) => [field, current[field] ?? null]));
}

/** The fields of an entry that the server changed since the entry's edit was based on them. */
export function conflictsOf(entry: CaseOutboxEntry, current: unknown): Conflict[] {
  if (!entry.base || typeof current !== 'object' || current === null) return [];
  const holder = entry.step ? (current as Record<string, unknown>)[entry.step] : current;
  if (typeof holder !== 'object' || holder === null) return [];
  const conflicts: Conflict[] = [];
  for (const [field, base] of Object.entries(entry.base)) {
    const theirs = (holder as Record<string, unknown>)[field];
    const mine = entry.body[field];
    if (!sameValue(theirs, base) && !sameValue(theirs, mine)) conflicts.push({ caseId: entry.caseId, step: entry.step ?? null, field, theirs, mine });
  }
  return conflicts;
}

/**
 * The conflicts of a deferred change with its case as the server holds it now, read once per case
 * and sync (`sync` keeps it; only the case's own lane reads or writes it, and one change of a case
 * is on its way at a time). Nothing is read for a change sent at once or based on nothing.
 */
export function checkConflicts(readCase: (caseId: number) => Promise<unknown>, entry: CaseOutboxEntry, sync: SyncMemo): Conflict[] | Promise<Conflict[]> {
  if (!entry.deferred || !entry.base || entry.caseId <= 0) return [];
  if (sync.has(entry.caseId)) return conflictsOf(entry, sync.get(entry.caseId));
  return readCase(entry.caseId).then((current) => {
    sync.set(entry.caseId, current);
    return conflictsOf(entry, current);
  });
}

/** A change applied: its answer is the case as the server now holds it (a create's is not: it names the case only). */
export function keepAnsweredCase(entry: CaseOutboxEntry, data: unknown, sync: SyncMemo): void {
  if (isIdentified(data) && entry.kind !== 'createCase') sync.set(data.id, data);
  else sync.delete(entry.caseId);
}
