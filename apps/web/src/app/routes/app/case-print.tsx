import { useSearchParams } from 'react-router';
import { CaseSheet } from '../../../features/reports/components/case-sheet';
import { recordIdOf } from '../../../features/reports/components/record-id';
import { useSignedInUser } from './signed-in-user';

/** The case in the address: a stored one, or a negative (temporary) id of a case created offline (docs/decisions/012). */
function caseIdOf(params: URLSearchParams): number | null {
  const raw = params.get('id') ?? '';
  if (/^-\d{1,10}$/.test(raw) && Number(raw) >= -2_147_483_647) return Number(raw);
  return recordIdOf(params);
}

/** /dashboard/case/print?id=12: case 12 on one or two A4 pages. */
export default function CasePrintRoute() {
  const [params] = useSearchParams();
  return <CaseSheet caseId={caseIdOf(params)} me={useSignedInUser()} />;
}
