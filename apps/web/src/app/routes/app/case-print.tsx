import { useSearchParams } from 'react-router';
import { CaseSheet } from '../../../features/reports/components/case-sheet';
import { recordIdOf } from '../../../features/reports/components/record-id';
import { useSignedInUser } from './signed-in-user';

/** /dashboard/case/print?id=12: case 12 on one or two A4 pages. */
export default function CasePrintRoute() {
  const [params] = useSearchParams();
  return <CaseSheet caseId={recordIdOf(params)} me={useSignedInUser()} />;
}
