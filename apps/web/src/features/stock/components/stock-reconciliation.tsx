import { Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { StockReconciliation } from '@rescuedesk/shared';
import type { ReactNode } from 'react';
import { formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { useReconciliation } from '../api/get-reconciliation';

/** A difference shows its sign: +2 doses more than vaccinations, −2 fewer. */
const SIGNED: Intl.NumberFormatOptions = { signDisplay: 'exceptZero' };

/** One figure with what it counts. */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={400}>
        {label}
      </Table.Th>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {children}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The month's ABC figures against the stock, both counted by the server
 * (docs/stock.md#the-abc-report-reconciles): anti-rabies vaccinations on cases against the vaccine
 * doses used from stock, and the operations the ABC report counts against those with an anaesthetic
 * from stock, with the anaesthetic and sutures used on cases item by item. Under the ABC report and
 * the Stock page's statement; nothing while it loads or if it cannot be read.
 */
export function StockReconciliationPanel({ month, ngoId }: { month: string; ngoId?: number | undefined }) {
  const t = useT();
  const reconciliation = useReconciliation({ month, ...(ngoId ? { ngoId } : {}) });
  const data = reconciliation.data;
  if (!data) return null;
  return (
    <Stack gap={4} data-testid="stock-reconciliation">
      <Title order={3} size="h5" id="stock-reconciliation-title">
        {t('stock.reconcile.title')}
      </Title>
      <Table withTableBorder withColumnBorders verticalSpacing={6} horizontalSpacing={6} aria-labelledby="stock-reconciliation-title">
        <Table.Tbody>
          <Row label={t('stock.reconcile.vaccinations')}>{formatNumber(data.rabiesVaccinations)}</Row>
          <Row label={t('stock.reconcile.doses')}>{formatNumber(data.rabiesDosesUsed)}</Row>
          <Row label={t('stock.reconcile.difference')}>{formatNumber(data.difference, SIGNED)}</Row>
          <Row label={t('stock.reconcile.operations')}>{formatNumber(data.operations)}</Row>
          <Row label={t('stock.reconcile.operationsWithAnaesthetic')}>{formatNumber(data.operationsWithAnaesthetic)}</Row>
          <Row label={t('stock.reconcile.operationsWithout')}>{formatNumber(data.operationsWithoutAnaesthetic)}</Row>
          <SupplyRows supplies={data.operationSupplies} />
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

/** Anaesthetic and sutures used on cases in the month, a row per item in its own unit; one row saying none when there were none. */
function SupplyRows({ supplies }: { supplies: StockReconciliation['operationSupplies'] }) {
  const t = useT();
  if (supplies.length === 0) return <Row label={t('stock.reconcile.noSupplies')}>{t('stock.reconcile.noneRecorded')}</Row>;
  return supplies.map((s) => (
    <Row key={s.itemId} label={t('stock.reconcile.supplyRow', { kind: t(`stock.kind.${s.kind}`), name: s.name, unit: s.unit })}>
      {formatNumber(s.usedOnCases)}
    </Row>
  ));
}
