import {
  DEFAULT_RELEASE_THRESHOLD_M,
  POST_OP_DAYS_KEY,
  caseRuleProblem,
  hasVisibleText,
  releaseCheckOf,
  tr,
  type CaseStep,
  type FieldChange,
  type ReleaseCheck,
  type RuleContext,
} from '@rescuedesk/shared';
import type { CaseRow, CaseUpdate } from '../../db/schema';
import { ConflictError, ValidationError } from '../../errors';
import type { NgoRepository } from '../ngo/ngo.repository';
import type { UserRepository } from '../user/user.repository';
import type { VetRepository } from '../vet/vet.repository';
import type { CaseRepository } from './case.repository';
import { flatState } from './case-view';
import type { PostOpDayRepository } from './post-op-day.repository';

/**
 * The ABC programme's rules as the server enforces them on a step save
 * (docs/product.md#abc-programme-records). Everything here runs inside the saving transaction,
 * against the case's merged state (the stored values with the request's laid over them), so a
 * refused save changes nothing.
 */

type Repos = { cases: CaseRepository; ngos: NgoRepository; users: UserRepository; vets: VetRepository; postOpDays: PostOpDayRepository };

/** The fields of the two points: a save that changes one of them works the distance and the check out again. */
const POINT_FIELDS = ['captureLatitude', 'captureLongitude', 'captureAccuracy', 'releaseLatitude', 'releaseLongitude', 'releaseAccuracy'] as const;

export interface AbcOutcome {
  /** Columns the server works out (distance and flag), to write with the step. */
  computed: CaseUpdate;
  /** Their changes, for the timeline. */
  changes: FieldChange[];
}

const isSet = (value: unknown) => value !== null && value !== undefined && !(typeof value === 'string' && !hasVisibleText(value));

/**
 * Whether the case counts as open for the collar/tag rule: not released (by its status, or by a
 * recorded release date) and no death recorded (a deleted case is never asked). Migration 016's index holds the same.
 */
export function isOpen(state: Readonly<Record<string, unknown>>): boolean {
  return state.status !== 'Released' && !isSet(state.deathDate) && !isSet(state.releaseDate);
}

/**
 * A collar or tag number names one animal among the NGO's open cases. Asked whenever a save gives
 * an open case its number, or (re)opens a case that has one.
 */
export function collarTagOf(state: Readonly<Record<string, unknown>>): string | undefined {
  return typeof state.collarTag === 'string' && state.collarTag !== '' ? state.collarTag : undefined;
}

export async function assertCollarTagFree(cases: CaseRepository, row: Pick<CaseRow, 'id' | 'ngo_id'>, state: Readonly<Record<string, unknown>>): Promise<void> {
  const tag = collarTagOf(state);
  if (tag === undefined || !isOpen(state)) return;
  const other = await cases.openCaseWithCollarTag(row.ngo_id, tag, row.id);
  if (other) throw new ConflictError(tr('error.collarTagTaken', { tag, caseId: other.id }));
}

/**
 * Checks a step save against the rules and works out the release distance. Throws a 422 (or 409
 * for a collar/tag clash) naming the problem; answers the computed columns otherwise. `context`
 * holds the latest moment an event may be recorded at (the case's dates are not in the future).
 */
export async function checkStepSave(repos: Repos, row: CaseRow, step: CaseStep, request: Record<string, unknown>, context: RuleContext): Promise<AbcOutcome> {
  const stored = flatState(row);
  const merged: Record<string, unknown> = { ...stored, ...request };
  const touched = new Set(Object.keys(request));
  // The daily log's days come after the operation: read only when a save moves the operation.
  if (touched.has('operationDate')) merged[POST_OP_DAYS_KEY] = await repos.postOpDays.datesOfCase(row.ngo_id, row.id);

  const problem = caseRuleProblem(merged, touched, context);
  if (problem) throw new ValidationError(problem);

  // The catching squad: people of the case's NGO who can sign in. Members already on the squad
  // stay even if their account was later deactivated (the record keeps who caught the animal).
  if (Array.isArray(request.catchingSquad)) {
    const before = new Set(stored.catchingSquad as number[]);
    const added = (request.catchingSquad as number[]).filter((id) => !before.has(id));
    const active = await repos.users.activeIdsInNgo(row.ngo_id, added);
    if (added.some((id) => !active.has(id))) throw new ValidationError(tr('validation.squadMember', { field: tr('field.catchingSquad') }));
  }

  // The vet chosen from the directory: one of the case's NGO's vets (a typed name has no link).
  if (typeof request.vetId === 'number' && !(await repos.vets.findInScope(row.ngo_id, request.vetId))) {
    throw new ValidationError(tr('validation.vetOfNgo', { field: tr('field.vetId') }));
  }

  // A save that gives the case a number, or reopens it (a death or release date cleared).
  if (touched.has('collarTag') || ((touched.has('deathDate') || touched.has('releaseDate')) && !isOpen(stored) && isOpen(merged))) {
    await assertCollarTagFree(repos.cases, row, merged);
  }

  const outcome: AbcOutcome = { computed: {}, changes: [] };
  if (step !== 'reportingDetail' && step !== 'postOperationDetail') return outcome;
  const pointsChanged = POINT_FIELDS.some((field) => (merged[field] ?? null) !== (stored[field] ?? null));
  if (!pointsChanged && !touched.has('releaseOverrideReason')) return outcome;

  let distance = row.release_distance_m;
  let flagged = row.release_flagged === 1;
  const ngo = await repos.ngos.findInScope(row.ngo_id, row.ngo_id);
  const limit = ngo?.release_threshold_m ?? DEFAULT_RELEASE_THRESHOLD_M;
  const check = releaseCheckOf(merged, limit);
  if (pointsChanged) {
    distance = check.distance;
    flagged = check.failed !== null;
  }
  if (flagged && !isSet(merged.releaseOverrideReason)) throw new ValidationError(releaseProblem(check, distance, limit));
  if (distance !== row.release_distance_m) {
    outcome.computed.release_distance_m = distance;
    outcome.changes.push({ field: 'releaseDistanceM', from: row.release_distance_m, to: distance });
  }
  if (flagged !== (row.release_flagged === 1)) {
    outcome.computed.release_flagged = flagged ? 1 : 0;
    outcome.changes.push({ field: 'releaseFlagged', from: row.release_flagged === 1, to: flagged });
  }
  return outcome;
}

/** Why a release needs its reason: a point too imprecise to check it, or (also for a flag the NGO's limit has since moved past) the distance. */
function releaseProblem(check: ReleaseCheck, distance: number | null, limit: number): string {
  const field = tr('field.releaseOverrideReason');
  if (check.failed === 'unverified') return tr('validation.releaseUnverified', { accuracy: check.accuracy ?? 0, limit, field });
  return tr('validation.releaseOverrideRequired', { distance: distance ?? 0, limit, field });
}
