import { Button, NativeSelect, NumberInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { StockItemWithBatches } from '@rescuedesk/shared';
import { useT } from '../../../lib/i18n/use-t';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateItem } from '../api/update-item';
import { StockFormCard } from './stock-form-card';

function valuesOf(item: StockItemWithBatches | undefined) {
  return { itemId: String(item?.id ?? ''), name: item?.name ?? '', unit: item?.unit ?? '', reorderLevel: (item?.reorderLevel ?? '') as number | string };
}

/** An item's name, unit or reorder level corrected (docs/stock.md#correcting-an-item-or-a-batch); picking the item shows its details. */
export function EditItemForm({ items }: { items: StockItemWithBatches[] }) {
  const t = useT();
  const update = useUpdateItem();
  const form = useForm({ initialValues: valuesOf(items[0]) });
  const fields = { name: form.getInputProps('name'), unit: form.getInputProps('unit'), reorderLevel: form.getInputProps('reorderLevel') };
  const choose = (itemId: string) => {
    form.setValues(valuesOf(items.find((i) => String(i.id) === itemId)));
    update.reset();
  };
  const save = form.onSubmit((v) =>
    update.mutate(
      { itemId: Number(v.itemId), name: v.name, unit: v.unit, reorderLevel: v.reorderLevel === '' ? null : Number(v.reorderLevel) },
      { onSuccess: () => notifySuccess(t('stock.edit.itemSaved')) },
    ),
  );
  return (
    <StockFormCard id="stock-edit-item" title={t('stock.edit.itemTitle')} onSubmit={save} error={update.error}>
      <NativeSelect
        label={t('stock.field.item')}
        size="md"
        style={{ flex: '1 1 200px' }}
        data={items.map((i) => ({ value: String(i.id), label: i.name }))}
        value={form.values.itemId}
        onChange={(event) => choose(event.currentTarget.value)}
      />
      <TextInput label={t('stock.field.name')} required size="md" style={{ flex: '1 1 200px' }} {...fields.name} />
      <TextInput label={t('stock.field.unit')} required size="md" style={{ flex: '0 1 120px' }} {...fields.unit} />
      <NumberInput hideControls label={t('stock.field.reorderLevel')} min={0} allowDecimal={false} size="md" style={{ flex: '0 1 140px' }} {...fields.reorderLevel} />
      <Button type="submit" size="md" loading={update.isPending}>
        {t('stock.edit.itemSave')}
      </Button>
    </StockFormCard>
  );
}
