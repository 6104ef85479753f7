import type { QueryClient } from '@tanstack/react-query';
import { blankStepDetails, type Case, type CaseStep } from '@rescuedesk/shared';
import { ApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { caseOutbox, type CaseOutboxEntry } from './case-outbox';

/**
 * What a queued change looks like on screen before the server has it (docs/decisions/012): the
 * case with its waiting changes laid over it, and the case created offline under its temporary id.
 */

const entriesOf = (caseId: number): readonly CaseOutboxEntry[] => caseOutbox().getSnapshot().entries.filter((entry) => entry.caseId === caseId);

/** The fields an entry writes (its body without the case's id and createCase's own key). */
function writtenFields(entry: CaseOutboxEntry): Record<string, unknown> {
  const { caseId: _caseId, idempotencyKey: _key, ...fields } = entry.body;
  return fields;
}

/** The case with the changes still waiting in the outbox laid over it, in the order they were made. */
export function withPending(saved: Case, entries: readonly CaseOutboxEntry[]): Case {
  let result = saved;
  for (const entry of entries) {
    if (entry.caseId !== saved.id) continue;
    if (entry.kind === 'updateCase') result = { ...result, ...(writtenFields(entry) as Partial<Case>) };
    if (entry.kind === 'caseStep' && entry.step) {
      const step = entry.step as CaseStep;
      result = { ...result, [step]: { ...result[step], ...writtenFields(entry) } };
    }
    if (entry.kind === 'postOpDay') result = { ...result, postOpDays: withPendingDay(result.postOpDays, entry) };
  }
  return result;
}

/** The daily log with one waiting add, change or delete of a day laid over it. */
function withPendingDay(days: Case['postOpDays'], entry: CaseOutboxEntry): Case['postOpDays'] {
  const { id, caseId: _caseId, ...fields } = entry.body as { id?: number; caseId?: number } & Record<string, unknown>;
  if (entry.path === '/case/addPostOpDay') {
    const at = new Date(entry.createdAt).toISOString();
    // The body was checked by the add's schema before it was queued (dayNumber and the fields).
    const day = { logDate: null, woundState: null, appetite: null, temperature: null, medication: null, notes: null, photos: [], ...fields, id: entry.dayId ?? -1, caseId: entry.caseId, createdBy: entry.userId, createdByName: null, createdAt: at, updatedAt: at } as unknown as Case['postOpDays'][number];
    return [...days, day].sort((a, b) => a.dayNumber - b.dayNumber);
  }
  if (entry.path === '/case/deletePostOpDay') return days.filter((day) => day.id !== id);
  return days.map((day) => (day.id === id ? ({ ...day, ...fields } as Case['postOpDays'][number]) : day));
}

/** The case whose daily log holds the day (from the cases on this device), for a change or delete of it. */
export function caseOfDay(queryClient: QueryClient, dayId: number): number | null {
  for (const [, data] of queryClient.getQueriesData<Case>({ queryKey: ['cases', 'detail'] })) {
    if (data && withPending(data, entriesOf(data.id)).postOpDays.some((day) => day.id === dayId)) return data.id;
  }
  const queued = caseOutbox().getSnapshot().entries.find((entry) => entry.dayId === dayId);
  return queued ? queued.caseId : null;
}

/** A case created offline, as its queued create describes it (and its queued changes on top). */
export function caseFromCreate(entry: CaseOutboxEntry): Case {
  const body = entry.body as Partial<Case> & { ngoId?: number };
  const created = new Date(entry.createdAt).toISOString();
  return {
    ...blankStepDetails(),
    id: entry.tempId ?? entry.caseId,
    ngoId: body.ngoId ?? 0,
    type: body.type ?? 'OPD',
    status: body.status ?? 'Reported',
    mortality: body.mortality ?? 'Healthy',
    causeOfFailure: null,
    createdBy: null,
    createdAt: created,
    updatedAt: created,
    releaseDistanceM: null,
    releaseFlagged: false,
    postOpDays: [],
  };
}

/** The case page of a case created offline (a temporary id): read from the outbox, never from the server. */
export async function readQueuedCase(tempId: number): Promise<Case> {
  const outbox = caseOutbox();
  await outbox.ready;
  const create = outbox.getSnapshot().entries.find((entry) => entry.kind === 'createCase' && entry.tempId === tempId);
  if (!create) throw new ApiError(404, t('cases.page.notFound'));
  return caseFromCreate(create);
}

/** The case as the screen shows it now: the cached answer (or the queued create) with what waits on top. */
export function shownCase(queryClient: QueryClient, caseId: number, cacheKey: readonly unknown[]): Case | undefined {
  const cached = queryClient.getQueryData<Case>(cacheKey);
  const create = caseId < 0 ? caseOutbox().getSnapshot().entries.find((entry) => entry.kind === 'createCase' && entry.tempId === caseId) : undefined;
  const saved = cached ?? (create ? caseFromCreate(create) : undefined);
  return saved ? withPending(saved, entriesOf(caseId)) : undefined;
}
