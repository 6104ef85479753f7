import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { StockOverview } from '@rescuedesk/shared';
import { formatDate } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';

/** Items below their reorder level, and batches with stock that expire within 30 days or have expired. */
export function StockAlerts({ alerts }: { alerts: StockOverview['alerts'] }) {
  const t = useT();
  const count = alerts.lowItems.length + alerts.expiringBatches.length;
  if (count === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('stock.alerts.none')}
      </Text>
    );
  }
  return (
    // The title in the text colour: orange on its light background is too faint to read (axe: color-contrast).
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('stock.alerts.title')} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
      <List size="sm" spacing={4}>
        {alerts.lowItems.map((a) => (
          <List.Item key={`low-${a.itemId}`}>{t('stock.alerts.low', { name: a.name, usable: a.usable, level: a.reorderLevel })}</List.Item>
        ))}
        {alerts.expiringBatches.map((b) => (
          <List.Item key={`exp-${b.batchId}`}>
            {t(b.expired ? 'stock.alerts.expiredWithStock' : 'stock.alerts.expiring', { name: b.name, batchNo: b.batchNo, balance: b.balance, expiryDate: formatDate(b.expiryDate) })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
