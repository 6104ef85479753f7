import { Button, NativeSelect, NumberInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { STOCK_ITEM_KINDS, type StockItemKind } from '@rescuedesk/shared';
import { useT } from '../../../lib/i18n/use-t';
import { notifySuccess } from '../../../lib/notify';
import { useCreateItem } from '../api/create-item';
import { StockFormCard } from './stock-form-card';

export function AddItemForm() {
  const t = useT();
  const create = useCreateItem();
  const form = useForm<{ name: string; kind: StockItemKind; unit: string; reorderLevel: number | string }>({ initialValues: { name: '', kind: 'vaccine_rabies', unit: '', reorderLevel: '' } });
  const fields = { name: form.getInputProps('name'), kind: form.getInputProps('kind'), unit: form.getInputProps('unit'), reorderLevel: form.getInputProps('reorderLevel') };
  const save = form.onSubmit((values) =>
    create.mutate(
      { name: values.name, kind: values.kind, unit: values.unit, reorderLevel: values.reorderLevel === '' ? null : Number(values.reorderLevel) },
      {
        onSuccess: () => {
          notifySuccess(t('stock.item.saved'));
          form.reset();
        },
      },
    ),
  );
  return (
    <StockFormCard id="stock-add-item" title={t('stock.item.add')} onSubmit={save} error={create.error}>
      <TextInput label={t('stock.field.name')} required size="md" style={{ flex: '1 1 200px' }} {...fields.name} />
      <NativeSelect label={t('stock.field.kind')} size="md" style={{ flex: '1 1 160px' }} data={STOCK_ITEM_KINDS.map((k) => ({ value: k, label: t(`stock.kind.${k}`) }))} {...fields.kind} />
      <TextInput label={t('stock.field.unit')} required size="md" style={{ flex: '0 1 120px' }} {...fields.unit} />
      <NumberInput hideControls label={t('stock.field.reorderLevel')} min={0} allowDecimal={false} size="md" style={{ flex: '0 1 140px' }} {...fields.reorderLevel} />
      <Button type="submit" size="md" loading={create.isPending}>
        {t('stock.item.save')}
      </Button>
    </StockFormCard>
  );
}
