import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { MonthPickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import '../../../lib/i18n/date-picker-locales';
import type { StockStatementFigures } from '@rescuedesk/shared';
import { useState } from 'react';
import { ExportButton } from '../../../components/export/export-button';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { formatDate } from '../../../lib/i18n/format';
import { intlLocale } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/use-t';
import print from '../../reports/components/print.module.css';
import classes from './statement-panel.module.css';
import { useStatement } from '../api/get-statement';
import { StockReconciliationPanel } from './stock-reconciliation';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A month (YYYY-MM) as its name in the reader's language: 'November 2026', 'नवंबर 2026'. */
function monthOf(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(intlLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, m - 1, 1));
}

/**
 * The month's statement per item and batch, with the item's total; scrolls sideways on a phone.
 * Under it, the month's reconciliation with the ABC report. Printed, it is the page's only content,
 * headed by the NGO and the month (docs/stock.md).
 */
export function StatementPanel({ initialMonth, ngoName }: { initialMonth: string; ngoName: string | null }) {
  const t = useT();
  const [month, setMonth] = useState(initialMonth);
  const shown = MONTH.test(month) ? month : initialMonth;
  const statement = useStatement(shown);
  useErrorToast(statement.error);
  const figures = (f: StockStatementFigures) => [f.opening, f.received, f.used, f.adjusted, f.closing].map((n, i) => <Table.Td key={i} ta="right">{n}</Table.Td>);
  return (
    <Paper withBorder radius="md" p="sm" aria-labelledby="stock-statement" className={classes.statement}>
      <Stack gap="sm">
        <Title order={2} size="h4" id="stock-statement">
          {t('stock.statement.title')}
        </Title>
        <Text fw={600} className={print.printOnly}>
          {t('stock.statement.printHeading', { ngo: ngoName ?? '', month: monthOf(shown) })}
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap" className={print.noPrint}>
          <MonthPickerInput
            label={t('stock.field.month')}
            size="md"
            w={{ base: '100%', xs: 200 }}
            valueFormat="MMMM YYYY"
            value={`${shown}-01`}
            // Today where the user is: no statement of a month still to come.
            maxDate={dayjs().format('YYYY-MM-DD')}
            onChange={(value) => value && setMonth(String(value).slice(0, 7))}
          />
          <ExportButton path="/stock/getStatementCsv" body={{ month: shown }} label={t('stock.statement.csv')} size="md" />
          <ExportButton path="/stock/getStatementPdf" body={{ month: shown }} label={t('stock.statement.pdf')} kind="pdf" size="md" />
          <Button variant="light" size="md" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
            {t('reports.abc.print')}
          </Button>
        </Group>
        {statement.data && statement.data.items.length === 0 ? (
          <Text size="sm">{t('stock.statement.empty')}</Text>
        ) : (
          <Table.ScrollContainer type="native" minWidth={640} tabIndex={0} role="region" aria-labelledby="stock-statement">
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('stock.field.item')}</Table.Th>
                  <Table.Th>{t('stock.field.batch')}</Table.Th>
                  <Table.Th ta="right">{t('stock.statement.opening')}</Table.Th>
                  <Table.Th ta="right">{t('stock.statement.received')}</Table.Th>
                  <Table.Th ta="right">{t('stock.statement.used')}</Table.Th>
                  <Table.Th ta="right">{t('stock.statement.adjusted')}</Table.Th>
                  <Table.Th ta="right">{t('stock.statement.closing')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {statement.data?.items.flatMap((item) => [
                  ...item.batches.map((b) => (
                    <Table.Tr key={`b-${b.batchId}`}>
                      <Table.Td>{item.name}</Table.Td>
                      <Table.Td>{t('stock.statement.batchCell', { batchNo: b.batchNo, expiryDate: formatDate(b.expiryDate) })}</Table.Td>
                      {figures(b)}
                    </Table.Tr>
                  )),
                  <Table.Tr key={`t-${item.itemId}`} fw={600}>
                    <Table.Td>{item.name}</Table.Td>
                    <Table.Td>{t('stock.statement.total')}</Table.Td>
                    {figures(item.total)}
                  </Table.Tr>,
                ])}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <StockReconciliationPanel month={shown} />
      </Stack>
    </Paper>
  );
}
