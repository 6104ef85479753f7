import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { STOCK_EXPIRY_WARNING_DAYS, type StockItemWithBatches } from '@rescuedesk/shared';
import { formatDate } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';

const DAY_MS = 86_400_000;

/** The items as cards (one column on a phone): usable balance, reorder level, and each batch with what is left. */
export function ItemList({ items, today }: { items: StockItemWithBatches[]; today: string }) {
  const t = useT();
  if (items.length === 0) return <Text>{t('stock.list.empty')}</Text>;
  const warnUntil = new Date(Date.parse(`${today}T00:00:00Z`) + STOCK_EXPIRY_WARNING_DAYS * DAY_MS).toISOString().slice(0, 10);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Paper key={item.id} component="li" withBorder radius="md" p="sm" aria-label={item.name}>
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={600}>{item.name}</Text>
              <Badge variant="light">{t(`stock.kind.${item.kind}`)}</Badge>
            </Group>
            <Group gap="xs" wrap="wrap">
              <Text size="sm">{t('stock.list.usable', { usable: item.usable, unit: item.unit })}</Text>
              {item.reorderLevel !== null && (
                <Text size="sm" c="dimmed">
                  {t('stock.list.reorderAt', { level: item.reorderLevel })}
                </Text>
              )}
              {item.low && (
                <Badge color="red" variant="light">
                  {t('stock.list.low')}
                </Badge>
              )}
            </Group>
            {item.batches.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('stock.list.noBatches')}
              </Text>
            ) : (
              <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {item.batches.map((b) => (
                  <Group key={b.id} component="li" gap="xs" wrap="wrap">
                    <Text size="sm">{t('stock.list.batchLine', { batchNo: b.batchNo, balance: b.balance, unit: item.unit, expiryDate: formatDate(b.expiryDate) })}</Text>
                    {b.expired ? (
                      <Badge color="gray">{t('stock.list.expired')}</Badge>
                    ) : (
                      b.balance > 0 &&
                      b.expiryDate <= warnUntil && (
                        <Badge color="orange" variant="light">
                          {t('stock.list.expiringSoon')}
                        </Badge>
                      )
                    )}
                  </Group>
                ))}
              </Stack>
            )}
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
