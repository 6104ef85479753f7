import { blankStepDetails, CASE_STATUSES, CASE_TYPES, MORTALITIES, type Case, type CaseStatus, type CaseStep, type CaseType, type Mortality } from '@rescuedesk/shared';

/**
 * The case as the case page edits it: a stored case, or a new one not stored yet (no id). Only the
 * parts the page shows, so a new case needs nothing the server works out.
 */
export type EditedCase = Pick<Case, 'status' | 'mortality' | 'causeOfFailure' | CaseStep> &
  /** What the server works out or keeps beside the steps (none on a new case). */
  Partial<Pick<Case, 'releaseDistanceM' | 'releaseFlagged' | 'postOpDays' | 'maskedFields'>> & {
  /** null until the first save stores the case. */
  id: number | null;
  /** null: chosen by the first save ('Choose' on a new case). */
  type: CaseType | null;
  /** The NGO the case belongs to; null for a new case of the user's own NGO. */
  ngoId: number | null;
  createdBy: string | null;
};

/** What "Add case" chose: the case page starts from it, and stores it only with the first save. */
export interface CaseDraft {
  type: CaseType | null;
  status: CaseStatus;
  mortality: Mortality;
  ngoId: number | null;
}

function oneOf<T extends string>(options: readonly T[], value: string | null): T | null {
  return value !== null && (options as readonly string[]).includes(value) ? (value as T) : null;
}

/** The draft named by a new case's address: /dashboard/case?new=1&type=Sterilization&status=Reported&mortality=Healthy[&ngoId=3]. */
export function draftOf(params: URLSearchParams): CaseDraft | null {
  if (params.get('new') !== '1') return null;
  const ngo = params.get('ngoId') ?? '';
  return {
    type: oneOf(CASE_TYPES, params.get('type')),
    status: oneOf(CASE_STATUSES, params.get('status')) ?? 'Reported',
    mortality: oneOf(MORTALITIES, params.get('mortality')) ?? 'Healthy',
    ngoId: /^\d{1,10}$/.test(ngo) && Number(ngo) >= 1 ? Number(ngo) : null,
  };
}

/** The address of the case page for a draft. */
export function draftPath(draft: CaseDraft): string {
  const params = new URLSearchParams({ new: '1' });
  if (draft.type) params.set('type', draft.type);
  params.set('status', draft.status);
  params.set('mortality', draft.mortality);
  if (draft.ngoId !== null) params.set('ngoId', String(draft.ngoId));
  return `/dashboard/case?${params.toString()}`;
}

/** The case page's case for a draft: nothing stored yet. */
export function draftCase(draft: CaseDraft): EditedCase {
  return { ...blankStepDetails(), id: null, ngoId: draft.ngoId, type: draft.type, status: draft.status, mortality: draft.mortality, causeOfFailure: null, createdBy: null };
}

/** Whether a stored step holds any data (the step indicator marks it). */
export function holdsData(detail: Record<string, unknown>): boolean {
  return Object.entries(detail).some(([key, value]) => key !== 'lastModifiedBy' && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0));
}
