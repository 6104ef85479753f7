import { CASE_PERSONAL_FIELDS, maskCaseField, type Case, type CasePersonalField, type CaseTimeline, type FieldChange } from '@rescuedesk/shared';
import type { CaseRow } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { parseIdList } from '../../lib/json-list';

/**
 * Who sees a case's reporter in full (docs/privacy.md#who-sees-what): Admins, Founders and Managers
 * coordinate and call back, so they do; a Worker does on the cases they work on: the ones they
 * created (they took the call) and the ones whose catching squad they are on (they go to the spot).
 * Saving a step does not count: one saved field would otherwise unlock any number without a trace in
 * the access log. Everyone else sees the values masked and may reveal one, which is logged.
 */
export function seesReporterInFull(actor: Pick<Actor, 'id' | 'role'>, row: Pick<CaseRow, 'created_by' | 'catching_squad'>): boolean {
  if (actor.role !== 'Worker') return true;
  return row.created_by === actor.id || parseIdList(row.catching_squad).includes(actor.id);
}

/** Who tells whether a user is on the squad of a run that stops at a case (RunRepository). */
export interface RunCrews {
  crewIncludes(ngoId: number, caseId: number, userId: number): Promise<boolean>;
}

/**
 * seesReporterInFull(), and also a Worker on the squad of a run that stops at the case: they go to
 * the spot, as the catching squad does.
 */
export async function seesReporterOfCase(actor: Pick<Actor, 'id' | 'role'>, row: Pick<CaseRow, 'id' | 'ngo_id' | 'created_by' | 'catching_squad'>, runs: RunCrews): Promise<boolean> {
  return seesReporterInFull(actor, row) || (await runs.crewIncludes(row.ngo_id, row.id, actor.id));
}

/** The case as this actor may see it: the reporter's phones and email masked where they may not, and named in `maskedFields`. */
export async function caseShownTo(actor: Pick<Actor, 'id' | 'role'>, row: Pick<CaseRow, 'id' | 'ngo_id' | 'created_by' | 'catching_squad'>, shown: Case, runs: RunCrews): Promise<Case> {
  if (await seesReporterOfCase(actor, row, runs)) return shown;
  const detail: Record<string, unknown> = { ...shown.reportingDetail };
  const masked: CasePersonalField[] = [];
  for (const field of CASE_PERSONAL_FIELDS) {
    const value = detail[field];
    if (typeof value !== 'string' || value === '') continue;
    detail[field] = maskCaseField(field, value);
    masked.push(field);
  }
  return { ...shown, reportingDetail: detail as Case['reportingDetail'], maskedFields: masked };
}

/** Timeline entries with the reporter's old and new phones and email masked, for an actor who does not see them in full. */
export function timelineShownTo(timeline: CaseTimeline, inFull: boolean): CaseTimeline {
  if (inFull) return timeline;
  const personal = new Set<string>(CASE_PERSONAL_FIELDS);
  const mask = (field: string, value: FieldChange['from']): FieldChange['from'] => (typeof value === 'string' && value !== '' ? maskCaseField(field as CasePersonalField, value) : value);
  return {
    ...timeline,
    data: timeline.data.map((entry) =>
      entry.changes.some((c) => personal.has(c.field))
        ? { ...entry, changes: entry.changes.map((c) => (personal.has(c.field) ? { ...c, from: mask(c.field, c.from), to: mask(c.field, c.to) } : c)) }
        : entry,
    ),
  };
}
