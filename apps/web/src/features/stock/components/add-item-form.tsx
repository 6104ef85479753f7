import { Button, Group, NativeSelect, NumberInput, Paper, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { STOCK_ITEM_KINDS, type StockItemKind } from '@rescuedesk/shared';
import { useT } from '../../../lib/i18n/use-t';
import { notifySuccess } from '../../../lib/notify';
import { useCreateItem } from '../api/create-item';
import { RefusalAlert } from '../../../components/ui/refusal-alert';

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
    <Paper withBorder radius="md" p="sm" component="form" onSubmit={save} aria-labelledby="stock-add-item">
      <Title order={2} size="h4" id="stock-add-item" mb="xs">
        {t('stock.item.add')}
      </Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput label={t('stock.field.name')} required size="md" style={{ flex: '1 1 200px' }} {...fields.name} />
        <NativeSelect label={t('stock.field.kind')} size="md" style={{ flex: '1 1 160px' }} data={STOCK_ITEM_KINDS.map((k) => ({ value: k, label: t(`stock.kind.${k}`) }))} {...fields.kind} />
        <TextInput label={t('stock.field.unit')} required size="md" style={{ flex: '0 1 120px' }} {...fields.unit} />
        <NumberInput hideControls label={t('stock.field.reorderLevel')} min={0} allowDecimal={false} size="md" style={{ flex: '0 1 140px' }} {...fields.reorderLevel} />
        <Button type="submit" size="md" loading={create.isPending}>
          {t('stock.item.save')}
        </Button>
      </Group>
      <RefusalAlert error={create.error} />
    </Paper>
  );
}
