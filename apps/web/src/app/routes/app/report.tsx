import { AbcReportPage } from '../../../features/reports/components/abc-report-page';
import { useSignedInUser } from './signed-in-user';

/** /report?month=2026-03&ward=…&ngo=…: the monthly ABC report. */
export default function ReportRoute() {
  return <AbcReportPage me={useSignedInUser()} />;
}
