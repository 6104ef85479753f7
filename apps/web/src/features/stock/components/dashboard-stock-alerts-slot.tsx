import { lazy, Suspense } from 'react';
import { useWhenIdle } from '../../../hooks/use-when-idle';

const DashboardStockAlerts = lazy(() => import('./dashboard-stock-alerts'));

/** How long after the page has settled the alerts may be asked for at the latest. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * Where the stock alerts go on the dashboard, below the list. Their code and data are asked for once
 * the page has had its first paint and settled (the browser is idle), so they never hold up the list,
 * as the charts do (dashboard-charts-slot.tsx).
 */
export function DashboardStockAlertsSlot() {
  if (!useWhenIdle(IDLE_TIMEOUT_MS)) return null;
  return (
    <Suspense fallback={null}>
      <DashboardStockAlerts />
    </Suspense>
  );
}
