import { lazy, Suspense, useState } from 'react';
import { Box, Center, Loader, VisuallyHidden } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import type { Me } from '@rescuedesk/shared';
import { useWhenIdle } from '../../../hooks/use-when-idle';
import { useT } from '../../../lib/i18n/use-t';

const DashboardCharts = lazy(() => import('./dashboard-charts'));

/** How long after the page has settled the charts may start loading even when they are not yet in view. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * Where the dashboard's charts go, below the list. Their code (the chart library) and data are asked
 * for only once the page has had its first paint and settled (the browser is idle) and the place is
 * near the screen, so they never hold up the list (docs/reports.md#dashboard-charts).
 */
export function DashboardChartsSlot({ me }: { me: Me }) {
  const t = useT();
  const { ref, inViewport } = useInViewport<HTMLDivElement>();
  const idle = useWhenIdle(IDLE_TIMEOUT_MS);
  const [wanted, setWanted] = useState(false);

  // Once wanted, always wanted: scrolling the charts out of view again keeps them.
  if (idle && inViewport && !wanted) setWanted(true);

  const loading = (
    <Center mih={160} role="status">
      <Loader size="sm" aria-hidden />
      <VisuallyHidden>{t('reports.charts.loading')}</VisuallyHidden>
    </Center>
  );
  return (
    <Box ref={ref} mt="md" mih={wanted ? undefined : 160}>
      {wanted ? (
        <Suspense fallback={loading}>
          <DashboardCharts me={me} />
        </Suspense>
      ) : null}
    </Box>
  );
}
