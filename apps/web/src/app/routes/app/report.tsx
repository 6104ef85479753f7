import { useSearchParams } from 'react-router';
import { SigningPanel } from '../../../features/committee/components/signing-panel';
import { AbcReportPage, filtersOf } from '../../../features/reports/components/abc-report-page';
import { DashboardChartsSlot } from '../../../features/reports/components/dashboard-charts-slot';
import { useSignedInUser } from './signed-in-user';

/**
 * /report?month=2026-03&ward=…&ngo=…: the monthly ABC report and its signatures; a committee member,
 * who has no dashboard, sees the charts here too (docs/reports.md#signing-the-monthly-report).
 */
export default function ReportRoute() {
  const me = useSignedInUser();
  const [params] = useSearchParams();
  const filters = filtersOf(params);
  return (
    <>
      <AbcReportPage me={me} />
      <SigningPanel me={me} month={filters.month} ngoId={filters.ngoId} ward={filters.ward} />
      {me.role === 'Committee' ? <DashboardChartsSlot me={me} /> : null}
    </>
  );
}
