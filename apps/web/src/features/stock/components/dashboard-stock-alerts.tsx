import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n/use-t';
import { useStock } from '../api/get-stock';
import { StockAlerts } from './stock-alerts';

/**
 * The Stock page's alerts on the dashboard (docs/stock.md#alerts): items below their reorder level
 * and batches expiring within 30 days, with the way to the Stock page. Nothing when there is none,
 * or while the answer is on its way or failed (the Stock page says why).
 */
export default function DashboardStockAlerts() {
  const t = useT();
  const stock = useStock();
  const alerts = stock.data?.alerts;
  if (!alerts || alerts.lowItems.length + alerts.expiringBatches.length === 0) return null;
  return (
    <Stack gap={6} mt="md" data-testid="dashboard-stock-alerts">
      <StockAlerts alerts={alerts} />
      <Anchor component={Link} to="/stock" size="sm" mih={44} display="inline-flex" style={{ alignItems: 'center' }}>
        {t('stock.alerts.open')}
      </Anchor>
    </Stack>
  );
}
