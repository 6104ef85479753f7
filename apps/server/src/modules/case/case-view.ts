import { CASE_STEP_KEYS, perStep, tr, type Case, type CaseListItem, type CaseStatus, type CaseType, type DeletedCase, type Mortality, type PostOpDay } from '@rescuedesk/shared';
import type { CaseRow } from '../../db/schema';
import type { NgoScope } from '../../db/scope';
import { NotFoundError } from '../../errors';
import { parseList } from '../../lib/json-list';
import { readStep } from './case.columns';
import type { CaseListRow, CaseRepository, CaseWithCreator, CaseWithPostOpDays, DeletedCaseRow } from './case.repository';
import type { PostOpDayWithAuthor } from './post-op-day.repository';

/** How the API shows a case and its parts, read from rows; shared by the case services. */

/** The fields a case shows in the list and on its page alike. */
function coreOf(row: Omit<CaseListRow, 'ngo_name'>) {
  return {
    id: row.id,
    ngoId: row.ngo_id,
    type: row.type as CaseType,
    status: row.status as CaseStatus,
    mortality: row.mortality as Mortality,
    causeOfFailure: row.cause_of_failure,
    createdBy: row.created_by_name,
    createdAt: row.created_at,
  };
}

/**
 * coreOf's object with the list's fields added, not spreads of it: V8 builds a spread object this
 * wide far more slowly than a literal, and the spread object's shape made checking and serializing
 * the page slower too (docs/performance/2026-11-24.md, "A new search, cheaper to answer"). Same
 * keys in the same order as before: coreOf's, then the reporting detail's.
 */
export function toListItem(row: CaseListRow): CaseListItem {
  const reportingDetail = { reporterName: row.reporter_name, location: row.location, landmark: row.landmark, pincode: row.pincode };
  return Object.assign(coreOf(row), {
    reporterName: row.reporter_name,
    location: row.location,
    landmark: row.landmark,
    pincode: row.pincode,
    uniqueID: row.unique_id,
    reportedDate: row.reported_date,
    ngoName: row.ngo_name,
    reportingDetail,
  });
}

export function toDeletedCase(row: DeletedCaseRow): DeletedCase {
  return {
    id: row.id,
    ngoId: row.ngo_id,
    ngoName: row.ngo_name,
    type: row.type as CaseType,
    status: row.status as CaseStatus,
    reporterName: row.reporter_name,
    location: row.location,
    uniqueID: row.unique_id,
    reportedDate: row.reported_date,
    createdAt: row.created_at,
    deletedAt: row.deleted_at,
    deletedBy: row.deleted_by_name,
  };
}

export function toPostOpDay(row: PostOpDayWithAuthor): PostOpDay {
  return {
    id: row.id,
    caseId: row.case_id,
    dayNumber: row.day_number,
    logDate: row.log_date,
    woundState: row.wound_state as PostOpDay['woundState'],
    appetite: row.appetite as PostOpDay['appetite'],
    temperature: row.temperature,
    medication: row.medication,
    notes: row.notes,
    photos: parseList(row.photos),
    createdBy: row.created_by,
    createdByName: row.created_by_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toCase(row: CaseWithCreator, days: readonly PostOpDayWithAuthor[]): Case {
  return {
    ...coreOf(row),
    updatedAt: row.updated_at,
    ...perStep((step) => readStep(step, row)),
    releaseDistanceM: row.release_distance_m,
    releaseFlagged: row.release_flagged === 1,
    postOpDays: days.map(toPostOpDay),
  } as Case;
}

/**
 * The case as one flat record: every step field by its name (as the step table names them), with
 * the status. The ABC rules read this, with a request's fields laid over it.
 */
export function flatState(row: CaseRow): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  for (const step of CASE_STEP_KEYS) Object.assign(state, readStep(step, row));
  delete state.lastModifiedBy;
  state.status = row.status;
  return state;
}

/** A live case of the scope with its post-operative log, or 404 (as findCase). */
export async function findCaseWithPostOpDays(cases: CaseRepository, scope: NgoScope, id: number): Promise<CaseWithPostOpDays> {
  const found = await cases.findWithPostOpDays(scope, id);
  if (!found) throw new NotFoundError(tr('error.caseNotFound'));
  return found;
}

/** A live case of the scope, or 404 (another NGO's case is not found either). */
export async function findCase(cases: CaseRepository, scope: NgoScope, id: number, options: { forUpdate?: boolean } = {}): Promise<CaseWithCreator> {
  const row = await cases.findInScope(scope, id, options);
  if (!row) throw new NotFoundError(tr('error.caseNotFound'));
  return row;
}
