import type { EditedCase } from '../draft-case';

/** What every step component receives: the case as the server last answered (or a new case, not stored yet). */
export interface StepProps {
  caseRecord: EditedCase;
}
