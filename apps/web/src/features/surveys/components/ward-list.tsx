import { Anchor, Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMapPin } from '@tabler/icons-react';
import { can, type Me } from '@rescuedesk/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { useT } from '../../../lib/i18n/use-t';
import { notifySuccess } from '../../../lib/notify';
import { useCreateWard } from '../api/create-ward';
import { useWards } from '../api/get-wards';
import { wardPath } from '../paths';
import { RefusalAlert } from '../../../components/ui/refusal-alert';

/** /ward: the NGO's wards, each opening its surveys and estimates; the office adds wards here (docs/coverage.md). */
export function WardList({ me }: { me: Me }) {
  const t = useT();
  const [search, setSearch] = useState('');
  const wards = useWards({ search: search.trim() || undefined, page: 1, pageSize: 100 });
  const managesWards = can(me.role, 'ward.manage') && me.ngoId !== null;
  useErrorToast(wards.error);
  return (
    <Stack gap="md" maw={720}>
      <div>
        <PageTitle>{t('surveys.wards.title')}</PageTitle>
        <Text size="sm" c="dimmed">
          {t('surveys.wards.intro')}
        </Text>
      </div>
      {managesWards && <AddWard />}
      <TextInput type="search" label={t('common.search')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} size="md" />
      {wards.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : wards.data?.data.length === 0 ? (
        <Text>{t('surveys.wards.empty')}</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {wards.data?.data.map((ward) => (
            <Paper key={ward.id} component="li" withBorder radius="md" p="sm">
              <Anchor component={Link} to={wardPath(ward.id)} aria-label={t('surveys.wards.open', { name: ward.name })} fw={600} style={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: 44 }}>
                <IconMapPin size={18} aria-hidden />
                <span>{ward.name}</span>
                <Text component="span" size="sm" c="dimmed" ml="auto">
                  {ward.pincode ?? t('surveys.wards.pincodeNone')}
                </Text>
              </Anchor>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function AddWard() {
  const t = useT();
  const create = useCreateWard();
  const form = useForm({ initialValues: { name: '', pincode: '' } });
  const fields = { name: form.getInputProps('name'), pincode: form.getInputProps('pincode') };
  const save = form.onSubmit(({ name, pincode }) =>
    create.mutate(
      { name, pincode: pincode.trim() || null },
      {
        onSuccess: () => {
          notifySuccess(t('surveys.wards.saved'));
          form.reset();
        },
      },
    ),
  );
  return (
    <Paper withBorder radius="md" p="sm" component="form" onSubmit={save} aria-label={t('surveys.wards.add')}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput label={t('surveys.field.wardName')} required size="md" style={{ flex: '1 1 200px' }} {...fields.name} />
        <TextInput label={t('field.pincode')} inputMode="numeric" maxLength={6} size="md" style={{ flex: '0 1 140px' }} {...fields.pincode} />
        <Button type="submit" size="md" loading={create.isPending}>
          {t('surveys.wards.save')}
        </Button>
      </Group>
      <RefusalAlert error={create.error} />
    </Paper>
  );
}
