import { remember, remembered, type Memory, type OutboxQueue } from '../../../lib/offline/outbox-rules';
import type { CaseOutboxEntry } from './case-outbox';

/**
 * A case created offline, and a day added offline to a case's daily log, go by a temporary
 * (negative) id until the server answers their create or add (docs/decisions/012). The real id then
 * replaces it in every write still waiting, and is remembered (the last 50), so an address, a form
 * or another tab still naming the temporary one finds the real one.
 */

const ID_MAP_KEY = 'rescuedesk.outbox.ids';
const DAY_MAP_KEY = 'rescuedesk.outbox.days';

/** A temporary id for a case (or a day) created offline: negative, so it never meets a real one. */
export function newTempCaseId(): number {
  return -(Math.floor(Math.random() * 2_000_000_000) + 1);
}

/** The real id of a case created offline whose create has been answered, or the id itself. */
export function resolveCaseId(memory: Memory | undefined, id: number): number {
  if (id >= 0) return id;
  return remembered<number>(memory, ID_MAP_KEY)[String(id)] ?? id;
}

/** A case's create was answered: its changes queued under the temporary id go to the real case. */
export async function replaceTempCaseId(memory: Memory | undefined, queue: OutboxQueue<CaseOutboxEntry>, tempId: number, realId: number): Promise<void> {
  remember(memory, ID_MAP_KEY, String(tempId), realId);
  for (const entry of await queue.stored()) {
    if (entry.caseId !== tempId || entry.kind === 'createCase') continue;
    await queue.put({ ...entry, caseId: realId, body: { ...entry.body, caseId: realId } });
  }
  queue.entries = queue.entries.map((entry) => (entry.caseId === tempId && entry.kind !== 'createCase' ? { ...entry, caseId: realId, body: { ...entry.body, caseId: realId } } : entry));
}

/** A change or delete of a day added offline, with the day's real id once its add is answered. */
export function withDayId(memory: Memory | undefined, body: Record<string, unknown>): Record<string, unknown> {
  if (typeof body.id !== 'number' || body.id >= 0) return body;
  const realId = remembered<number>(memory, DAY_MAP_KEY)[String(body.id)];
  return realId === undefined ? body : { ...body, id: realId };
}

/** A day added offline was answered: its changes queued behind the add go to the real day. */
export async function replaceTempDayId(memory: Memory | undefined, queue: OutboxQueue<CaseOutboxEntry>, tempId: number, realId: number): Promise<void> {
  remember(memory, DAY_MAP_KEY, String(tempId), realId);
  const moved = queue.entries.filter((e) => e.kind === 'postOpDay' && e.body.id === tempId).map((e) => ({ ...e, body: { ...e.body, id: realId } }));
  for (const e of moved) await queue.put(e);
  queue.entries = queue.entries.map((e) => moved.find((m) => m.seq === e.seq) ?? e);
}

/** The id the server gave the day of this number, in its answer (the case with its daily log). */
export function dayIdIn(data: unknown, dayNumber: unknown): number | undefined {
  if (typeof data !== 'object' || data === null || !('postOpDays' in data) || !Array.isArray(data.postOpDays)) return undefined;
  const day: unknown = data.postOpDays.find((d: unknown) => typeof d === 'object' && d !== null && 'dayNumber' in d && d.dayNumber === dayNumber);
  return typeof day === 'object' && day !== null && 'id' in day && typeof day.id === 'number' ? day.id : undefined;
}

/** An answer naming a case (or whatever has an id). */
export function isIdentified(data: unknown): data is { id: number } {
  return typeof data === 'object' && data !== null && 'id' in data && typeof data.id === 'number';
}
