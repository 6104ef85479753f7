import { useSearchParams } from 'react-router';
import { recordIdOf } from '../../../features/reports/components/record-id';
import { SponsorCasesSheet } from '../../../features/reports/components/sponsor-cases-sheet';

/** /sponsor/cases?id=3: the cases sponsor 3 pays for, to print for the sponsor. */
export default function SponsorCasesRoute() {
  const [params] = useSearchParams();
  return <SponsorCasesSheet sponsorId={recordIdOf(params)} />;
}
