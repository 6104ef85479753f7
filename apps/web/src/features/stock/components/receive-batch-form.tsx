import { Button, NativeSelect, NumberInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { StockItemWithBatches } from '@rescuedesk/shared';
import { useState } from 'react';
import { useT } from '../../../lib/i18n/use-t';
import { notifySuccess } from '../../../lib/notify';
import { useReceiveBatch } from '../api/receive-batch';
import { StockFormCard } from './stock-form-card';

interface Values {
  itemId: string;
  batchNo: string;
  expiryDate: string;
  supplier: string;
  receivedOn: string;
  quantity: number | string;
  costRupees: number | string;
}

/** A batch received. The receipt keeps its uid until it is saved, so sending it again is applied once. */
export function ReceiveBatchForm({ items, today }: { items: StockItemWithBatches[]; today: string }) {
  const t = useT();
  const receive = useReceiveBatch();
  const [uid, setUid] = useState(() => crypto.randomUUID());
  const form = useForm<Values>({ initialValues: { itemId: String(items[0]?.id ?? ''), batchNo: '', expiryDate: '', supplier: '', receivedOn: today, quantity: '', costRupees: '' } });
  const fields = { itemId: form.getInputProps('itemId'), batchNo: form.getInputProps('batchNo'), expiryDate: form.getInputProps('expiryDate'), quantity: form.getInputProps('quantity'), receivedOn: form.getInputProps('receivedOn'), supplier: form.getInputProps('supplier'), costRupees: form.getInputProps('costRupees') };
  const save = form.onSubmit((v) =>
    receive.mutate(
      {
        uid,
        itemId: Number(v.itemId),
        batchNo: v.batchNo,
        expiryDate: v.expiryDate,
        supplier: v.supplier.trim() || null,
        receivedOn: v.receivedOn,
        quantity: Number(v.quantity),
        // Rupees on the form, paise on the server: whole paise, never a rounded rupee.
        costPaise: v.costRupees === '' ? null : Math.round(Number(v.costRupees) * 100),
      },
      {
        onSuccess: () => {
          notifySuccess(t('stock.receive.saved'));
          setUid(crypto.randomUUID());
          form.reset();
        },
      },
    ),
  );
  return (
    <StockFormCard id="stock-receive" title={t('stock.receive.title')} onSubmit={save} error={receive.error}>
      <NativeSelect label={t('stock.field.item')} size="md" style={{ flex: '1 1 200px' }} data={items.map((i) => ({ value: String(i.id), label: i.name }))} {...fields.itemId} />
      <TextInput label={t('stock.field.batchNo')} required size="md" style={{ flex: '1 1 140px' }} {...fields.batchNo} />
      <TextInput type="date" label={t('stock.field.expiryDate')} required size="md" style={{ flex: '1 1 160px' }} {...fields.expiryDate} />
      <NumberInput hideControls label={t('stock.field.quantity')} required min={1} allowDecimal={false} size="md" style={{ flex: '0 1 120px' }} {...fields.quantity} />
      <TextInput type="date" label={t('stock.field.receivedOn')} required max={today} size="md" style={{ flex: '1 1 160px' }} {...fields.receivedOn} />
      <TextInput label={t('stock.field.supplier')} size="md" style={{ flex: '1 1 200px' }} {...fields.supplier} />
      <NumberInput hideControls label={t('stock.field.costRupees')} min={0} decimalScale={2} size="md" style={{ flex: '0 1 160px' }} {...fields.costRupees} />
      <Button type="submit" size="md" loading={receive.isPending}>
        {t('stock.receive.save')}
      </Button>
    </StockFormCard>
  );
}
