import { can } from '@rescuedesk/shared';
import { PageTitle } from '../../../components/ui/page-title';
import { DashboardPickupTimesSlot } from '../../../features/complaints/components/dashboard-pickup-times-slot';
import { CaseDashboard } from '../../../features/cases/components/case-dashboard';
import { CaseMapSlot } from '../../../features/map/components/case-map-slot';
import { DashboardChartsSlot } from '../../../features/reports/components/dashboard-charts-slot';
import { DashboardStockAlertsSlot } from '../../../features/stock/components/dashboard-stock-alerts-slot';
import { useT } from '../../../lib/i18n/use-t';
import { useSignedInUser } from './signed-in-user';

export default function DashboardRoute() {
  const t = useT();
  const me = useSignedInUser();
  return (
    <>
      <PageTitle>{t('nav.dashboard')}</PageTitle>
      <CaseDashboard me={me} map={(filters) => <CaseMapSlot {...filters} canPlan={can(me.role, 'run.plan')} />} />
      {/* Stock running low or expiring (docs/stock.md#alerts), asked for once the page has settled. */}
      <DashboardStockAlertsSlot />
      {/* This month's time from a complaint to its pickup (docs/citizen-reports.md#the-complaint-register). */}
      <DashboardPickupTimesSlot me={me} />
      {/* The charts' own chunk, loaded once the list is shown and the page has settled. */}
      <DashboardChartsSlot me={me} />
    </>
  );
}
