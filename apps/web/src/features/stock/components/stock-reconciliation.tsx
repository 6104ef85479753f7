import { Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { useReconciliation } from '../api/get-reconciliation';

/** A difference shows its sign: +2 doses more than vaccinations, −2 fewer. */
const SIGNED: Intl.NumberFormatOptions = { signDisplay: 'exceptZero' };

/**
 * Under the monthly ABC report: the anti-rabies vaccinations recorded on the month's cases against
 * the vaccine doses used from stock, and their difference, both counted by the server
 * (docs/stock.md#the-abc-report-reconciles). Nothing while it loads or if it cannot be read.
 */
export function StockReconciliationPanel({ month, ngoId }: { month: string; ngoId?: number | undefined }) {
  const t = useT();
  const reconciliation = useReconciliation({ month, ...(ngoId ? { ngoId } : {}) });
  const data = reconciliation.data;
  if (!data) return null;
  const title = t('stock.reconcile.title');
  return (
    <Stack gap={4} data-testid="stock-reconciliation">
      <Title order={3} size="h5" id="stock-reconciliation-title">
        {title}
      </Title>
      <Table withTableBorder withColumnBorders verticalSpacing={6} horizontalSpacing={6} aria-labelledby="stock-reconciliation-title">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">{t('stock.reconcile.vaccinations')}</Table.Th>
            <Table.Td>{formatNumber(data.rabiesVaccinations)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('stock.reconcile.doses')}</Table.Th>
            <Table.Td>{formatNumber(data.rabiesDosesUsed)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('stock.reconcile.difference')}</Table.Th>
            <Table.Td>{formatNumber(data.difference, SIGNED)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {data.difference === 0 ? (
        <Group gap={6} wrap="nowrap">
          <IconCheck size={16} color="var(--mantine-color-green-filled)" aria-hidden style={{ flex: 'none' }} />
          <Text size="sm">{t('stock.reconcile.agree')}</Text>
        </Group>
      ) : null}
    </Stack>
  );
}
