import { Button, NativeSelect, NumberInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { STOCK_ADJUSTMENT_REASONS, type StockAdjustmentReason, type StockItemWithBatches } from '@rescuedesk/shared';
import { useState } from 'react';
import { useT } from '../../../lib/i18n/use-t';
import { notifySuccess } from '../../../lib/notify';
import { useAdjustBatch } from '../api/adjust-batch';
import { StockFormCard } from './stock-form-card';

/** An adjustment of one batch with its reason; below zero takes stock away. The server keeps the batch from going below zero. */
export function AdjustBatchForm({ items }: { items: StockItemWithBatches[] }) {
  const t = useT();
  const adjust = useAdjustBatch();
  const [uid, setUid] = useState(() => crypto.randomUUID());
  const batches = items.flatMap((item) => item.batches.map((b) => ({ value: String(b.id), label: t('stock.adjust.batchOption', { item: item.name, batchNo: b.batchNo, balance: b.balance, unit: item.unit }) })));
  const form = useForm<{ batchId: string; reason: StockAdjustmentReason; quantity: number | string; note: string }>({
    initialValues: { batchId: batches[0]?.value ?? '', reason: 'wastage', quantity: '', note: '' },
  });
  const fields = { batchId: form.getInputProps('batchId'), reason: form.getInputProps('reason'), quantity: form.getInputProps('quantity'), note: form.getInputProps('note') };
  const save = form.onSubmit((v) =>
    adjust.mutate(
      { uid, batchId: Number(v.batchId), reason: v.reason, quantity: Number(v.quantity), note: v.note.trim() || null },
      {
        onSuccess: () => {
          notifySuccess(t('stock.adjust.saved'));
          setUid(crypto.randomUUID());
          form.reset();
        },
      },
    ),
  );
  return (
    <StockFormCard id="stock-adjust" title={t('stock.adjust.title')} hint={t('stock.adjust.hint')} onSubmit={save} error={adjust.error}>
      <NativeSelect label={t('stock.field.batch')} size="md" style={{ flex: '1 1 260px' }} data={batches} {...fields.batchId} />
      <NativeSelect label={t('stock.field.reason')} size="md" style={{ flex: '1 1 180px' }} data={STOCK_ADJUSTMENT_REASONS.map((r) => ({ value: r, label: t(`stock.reason.${r}`) }))} {...fields.reason} />
      <NumberInput hideControls label={t('stock.field.change')} required allowDecimal={false} size="md" style={{ flex: '0 1 160px' }} {...fields.quantity} />
      <TextInput label={t('stock.field.note')} size="md" style={{ flex: '1 1 200px' }} {...fields.note} />
      <Button type="submit" size="md" loading={adjust.isPending}>
        {t('stock.adjust.save')}
      </Button>
    </StockFormCard>
  );
}
