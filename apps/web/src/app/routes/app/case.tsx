import { useNavigate, useSearchParams } from 'react-router';
import type { Me } from '@rescuedesk/shared';
import { CasePage } from '../../../features/cases/components/case-page';
import { CASE_STEP_TABS } from '../../../features/cases/components/case-steps';
import { draftOf } from '../../../features/cases/components/draft-case';
import { savedCaseState } from '../../../features/cases/components/saved-case';
import { useSignedInUser } from './signed-in-user';

/** The case is named in the URL (?id=…), so reload, the back button and a second tab keep the right record. */
function caseIdOf(params: URLSearchParams): number | null {
  const raw = params.get('id') ?? '';
  // A negative id is a case created offline, not sent yet (docs/decisions/012).
  if (!/^-?\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id !== 0 && Math.abs(id) <= 2_147_483_647 ? id : null;
}

/** ?step=1 to 5, so a reload returns to the same step. */
function stepOf(params: URLSearchParams): number {
  const step = Number(params.get('step'));
  return Number.isInteger(step) && step >= 1 && step <= CASE_STEP_TABS.length ? step - 1 : 0;
}

/**
 * /dashboard/case?id=12 edits case 12; /dashboard/case?new=1&type=…&status=…&mortality=… is a new
 * case from "Add case", stored at its first save (the address then names it: ?id=…&new=1).
 * Moving between steps keeps the scroll position to the page (it scrolls to the steps itself).
 */
export default function CaseRoute() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const caseId = caseIdOf(params);
  // Undefined only where a test renders the route without the shell.
  const me: Me | undefined = useSignedInUser();
  const draft = caseId === null ? draftOf(params) : null;

  return (
    <CasePage
      caseId={caseId}
      // A new case's photos are stored in its NGO from the start: the user's own, unless an Admin chose one.
      draft={draft && { ...draft, ngoId: draft.ngoId ?? me?.ngoId ?? null }}
      isNew={params.get('new') === '1'}
      step={stepOf(params)}
      onStepChange={(step) =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.set('step', String(step + 1));
            return next;
          },
          { replace: true, preventScrollReset: true },
        )
      }
      onCreated={(id, step) => setParams(new URLSearchParams({ id: String(id), new: '1', step: String(step + 1) }), { replace: true, preventScrollReset: true })}
      onExit={(savedCaseId) => void navigate('/dashboard', savedCaseId === null ? undefined : { state: savedCaseState(savedCaseId) })}
    />
  );
}
