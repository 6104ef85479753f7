import { lazy, Suspense } from 'react';
import { can, type Me } from '@rescuedesk/shared';
import { useWhenIdle } from '../../../hooks/use-when-idle';

const DashboardPickupTimes = lazy(() => import('./dashboard-pickup-times'));

/** How long after the page has settled the figures may be asked for at the latest. */
const IDLE_TIMEOUT_MS = 3000;

/** Where the report-to-pickup figures go on the dashboard: asked for once the page has settled, as the stock alerts are. */
export function DashboardPickupTimesSlot({ me }: { me: Me }) {
  if (!useWhenIdle(IDLE_TIMEOUT_MS)) return null;
  return (
    <Suspense fallback={null}>
      <DashboardPickupTimes canOpenRegister={can(me.role, 'report.read')} />
    </Suspense>
  );
}
