import { Alert, Button, CloseButton, Group, NativeSelect, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import type { CaseStockUseLine, StockItemWithBatches } from '@rescuedesk/shared';
import { formatDate } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { batchOfLine, type LineErrors, type StockUseLineValue } from './stock-use-rules';

interface StockUsePickerProps {
  /** The NGO's items with their batches (the stock list kept on the device); undefined while not known. */
  items: StockItemWithBatches[] | undefined;
  lines: StockUseLineValue[];
  onChange: (lines: StockUseLineValue[]) => void;
  /** The lines as stored (or waiting on this device): what each already took counts as its own. */
  stored: readonly CaseStockUseLine[];
  /** A line's problems at its fields, from the step's checks. */
  errorsOf: (index: number) => LineErrors;
  /** The server's refusal of this step's save naming the stock, shown above the lines. */
  refusal?: string | null;
  /** Makes a line's id (a UUID), so a retried save is the same use. */
  newUid?: () => string;
}

/**
 * Stock used with a vaccination or an operation (docs/stock.md#stock-used-on-a-case): a line per
 * item, its batch (the first to expire unless one is picked) and the quantity. Saved with the step;
 * works offline from the stock list kept on the device.
 */
export function StockUsePicker({ items, lines, onChange, stored, errorsOf, refusal, newUid = () => crypto.randomUUID() }: StockUsePickerProps) {
  const t = useT();
  const change = (index: number, patch: Partial<StockUseLineValue>) => onChange(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  const usable = (items ?? []).filter((item) => item.usable > 0 || lines.some((l) => l.itemId === item.id));
  const empty = items === undefined ? null : items.length === 0 ? 'stock.use.noItems' : lines.length === 0 ? 'stock.use.none' : null;
  return (
    <Stack gap="sm" role="group" aria-labelledby="stock-use-title">
      <Title order={3} size="h5" id="stock-use-title">
        {t('stock.use.title')}
      </Title>
      {refusal ? (
        <Alert color="red" variant="light" role="alert">
          {refusal}
        </Alert>
      ) : null}
      {empty ? (
        <Text size="sm" c="dimmed">
          {t(empty)}
        </Text>
      ) : null}
      {lines.map((line, index) => {
        const item = items?.find((i) => i.id === line.itemId);
        const first = item ? batchOfLine(item, { ...line, batchId: null }, stored) : undefined;
        const batches = item ? item.batches.filter((b) => (!b.expired && b.balance > 0) || b.id === line.batchId) : [];
        const errors = errorsOf(index);
        return (
          <Paper key={line.uid} withBorder radius="md" p="sm" data-testid="stock-use-line">
            <Group align="flex-start" gap="sm" wrap="wrap">
              <NativeSelect
                size="md"
                style={{ flex: '1 1 220px' }}
                label={t('stock.field.item')}
                value={line.itemId === null ? '' : String(line.itemId)}
                data={usable.map((i) => ({ value: String(i.id), label: t('stock.use.itemOption', { name: i.name, usable: i.usable, unit: i.unit }) }))}
                onChange={(event) => change(index, { itemId: Number(event.currentTarget.value), batchId: null })}
                error={errors.item}
              />
              <NativeSelect
                size="md"
                style={{ flex: '1 1 220px' }}
                label={t('stock.field.batch')}
                disabled={!item}
                value={line.batchId === null ? '' : String(line.batchId)}
                data={[
                  { value: '', label: first ? `${t('stock.use.firstExpiry')} (${t('stock.use.fromBatch', { batchNo: first.batchNo, expiryDate: formatDate(first.expiryDate) })})` : t('stock.use.firstExpiry') },
                  ...batches.map((b) => ({ value: String(b.id), label: t('stock.use.batchOption', { batchNo: b.batchNo, balance: b.balance, expiryDate: formatDate(b.expiryDate) }) })),
                ]}
                onChange={(event) => change(index, { batchId: event.currentTarget.value === '' ? null : Number(event.currentTarget.value) })}
                error={errors.batch}
              />
              <NumberInput
                size="md"
                hideControls
                allowDecimal={false}
                allowNegative={false}
                style={{ flex: '0 1 140px' }}
                label={item ? `${t('stock.field.quantity')} (${item.unit})` : t('stock.field.quantity')}
                value={line.quantity}
                onChange={(value) => change(index, { quantity: value })}
                error={errors.quantity}
              />
              <CloseButton size="lg" mt={30} aria-label={t('stock.use.remove')} onClick={() => onChange(lines.filter((_, i) => i !== index))} />
            </Group>
          </Paper>
        );
      })}
      {usable.some((i) => i.usable > 0) ? (
        <Group>
          <Button variant="light" size="md" onClick={() => onChange([...lines, { uid: newUid(), itemId: usable.find((i) => i.usable > 0)!.id, batchId: null, quantity: 1 }])}>
            {t('stock.use.add')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
