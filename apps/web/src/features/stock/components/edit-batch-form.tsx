import { Button, NativeSelect, NumberInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { StockBatch, StockItemWithBatches } from '@rescuedesk/shared';
import { useT } from '../../../lib/i18n/use-t';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateBatch } from '../api/update-batch';
import { StockFormCard } from './stock-form-card';

function valuesOf(batch: StockBatch | undefined) {
  return {
    batchId: String(batch?.id ?? ''),
    batchNo: batch?.batchNo ?? '',
    expiryDate: batch?.expiryDate ?? '',
    supplier: batch?.supplier ?? '',
    // Paise on the server, rupees on the form.
    costRupees: (batch?.costPaise == null ? '' : batch.costPaise / 100) as number | string,
  };
}

/**
 * A batch's number, expiry, supplier or cost corrected (docs/stock.md#correcting-an-item-or-a-batch);
 * never its quantity, which moves only by receipts, uses and adjustments.
 */
export function EditBatchForm({ items }: { items: StockItemWithBatches[] }) {
  const t = useT();
  const update = useUpdateBatch();
  const batches = items.flatMap((item) => item.batches.map((batch) => ({ batch, label: t('stock.edit.batchOption', { item: item.name, batchNo: batch.batchNo }) })));
  const form = useForm({ initialValues: valuesOf(batches[0]?.batch) });
  const fields = { batchNo: form.getInputProps('batchNo'), expiryDate: form.getInputProps('expiryDate'), supplier: form.getInputProps('supplier'), costRupees: form.getInputProps('costRupees') };
  const choose = (batchId: string) => {
    form.setValues(valuesOf(batches.find((b) => String(b.batch.id) === batchId)?.batch));
    update.reset();
  };
  const save = form.onSubmit((v) =>
    update.mutate(
      {
        batchId: Number(v.batchId),
        batchNo: v.batchNo,
        expiryDate: v.expiryDate,
        supplier: v.supplier.trim() || null,
        costPaise: v.costRupees === '' ? null : Math.round(Number(v.costRupees) * 100),
      },
      { onSuccess: () => notifySuccess(t('stock.edit.batchSaved')) },
    ),
  );
  return (
    <StockFormCard id="stock-edit-batch" title={t('stock.edit.batchTitle')} hint={t('stock.edit.batchHint')} onSubmit={save} error={update.error}>
      <NativeSelect
        label={t('stock.field.batch')}
        size="md"
        style={{ flex: '1 1 260px' }}
        data={batches.map((b) => ({ value: String(b.batch.id), label: b.label }))}
        value={form.values.batchId}
        onChange={(event) => choose(event.currentTarget.value)}
      />
      <TextInput label={t('stock.field.batchNo')} required size="md" style={{ flex: '1 1 140px' }} {...fields.batchNo} />
      <TextInput type="date" label={t('stock.field.expiryDate')} required size="md" style={{ flex: '1 1 160px' }} {...fields.expiryDate} />
      <TextInput label={t('stock.field.supplier')} size="md" style={{ flex: '1 1 200px' }} {...fields.supplier} />
      <NumberInput hideControls label={t('stock.field.costRupees')} min={0} decimalScale={2} size="md" style={{ flex: '0 1 160px' }} {...fields.costRupees} />
      <Button type="submit" size="md" loading={update.isPending}>
        {t('stock.edit.batchSave')}
      </Button>
    </StockFormCard>
  );
}
