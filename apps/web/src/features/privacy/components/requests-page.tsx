import { useState } from 'react';
import { Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { DATA_REQUEST_KINDS, type DataRequest, type DataRequestKind, type HeldRecord, type Me } from '@rescuedesk/shared';
import { NgoSelect } from '../../../components/directory/ngo-select';
import { PageTitle } from '../../../components/ui/page-title';
import { downloadFile } from '../../../lib/download';
import { formatDate, formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateDataRequest } from '../api/create-data-request';
import { useEraseDataRequest } from '../api/erase-data-request';
import { useFindPersonalData } from '../api/find-personal-data';
import { useDataRequests } from '../api/get-data-requests';
import { ConfirmModal } from './confirm-modal';
import { PrivacyTabs } from './privacy-tabs';

/** Today on the user's calendar, as a date field takes it. */
function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/**
 * Access and erasure requests (docs/privacy.md#requests), for the Founder and an Admin (who picks
 * the NGO): find what is held about a phone number or name, record the request in the register,
 * export an access request as a zip, erase for an erasure request with its reason.
 */
export function RequestsPage({ me }: { me: Me }) {
  const t = useT();
  const admin = me.role === 'Admin';
  const [ngoId, setNgoId] = useState<number | null>(null);
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  const [kind, setKind] = useState<DataRequestKind>('access');
  const [receivedOn, setReceivedOn] = useState(today);
  const ngo = admin && ngoId ? { ngoId } : {};
  const ready = !admin || ngoId !== null;
  const find = useFindPersonalData();
  const create = useCreateDataRequest();
  const register = useDataRequests(ngoId ?? undefined, ready);
  const subject = { ...ngo, ...(phone.trim() ? { phone: phone.trim() } : {}), ...(name.trim() ? { name: name.trim() } : {}) };

  const add = () =>
    create.mutate(
      { ...subject, kind, receivedOn },
      {
        onSuccess: () => notifySuccess(t('privacy.requests.added')),
        onError: notifyError,
      },
    );

  return (
    <Stack gap="md">
      <PrivacyTabs role={me.role} />
      <PageTitle>{t('privacy.requests.title')}</PageTitle>
      {admin ? <NgoSelect label={t('privacy.retention.ngo')} size="md" w={{ base: '100%', xs: 320 }} value={ngoId} onChange={setNgoId} /> : null}
      <Paper withBorder radius="md" p={{ base: 'sm', xs: 'md' }}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput size="md" type="tel" inputMode="tel" label={t('privacy.requests.phone')} value={phone} onChange={(e) => setPhone(e.currentTarget.value)} />
            <TextInput size="md" label={t('privacy.requests.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          </SimpleGrid>
          <Group>
            <Button size="md" disabled={!ready} loading={find.isPending} onClick={() => find.mutate(subject, { onError: notifyError })}>
              {t('privacy.requests.find')}
            </Button>
          </Group>
          {find.data ? <HeldList records={find.data} /> : null}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              size="md"
              label={t('privacy.requests.kind')}
              data={DATA_REQUEST_KINDS.map((k) => ({ value: k, label: t(`privacy.requests.kind.${k}`) }))}
              value={kind}
              onChange={(value) => value && setKind(value as DataRequestKind)}
              allowDeselect={false}
            />
            <TextInput size="md" type="date" label={t('privacy.requests.receivedOn')} value={receivedOn} onChange={(e) => setReceivedOn(e.currentTarget.value)} />
          </SimpleGrid>
          <Group>
            <Button size="md" variant="light" disabled={!ready} loading={create.isPending} onClick={add}>
              {t('privacy.requests.add')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Title order={2} size="h4">
        {t('privacy.requests.register')}
      </Title>
      {register.data?.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('privacy.requests.empty')}
        </Text>
      ) : (
        <Stack gap="xs">
          {(register.data ?? []).map((request) => (
            <RequestCard key={request.id} request={request} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** What is held about the person, and what an erasure would keep and why. */
function HeldList({ records }: { records: HeldRecord[] }) {
  const t = useT();
  if (records.length === 0) return <Text role="status">{t('privacy.requests.findNone')}</Text>;
  return (
    <Stack gap="xs" aria-label={t('privacy.requests.found')}>
      {records.map((r) => (
        <Paper key={`${r.kind}-${r.id}`} withBorder radius="sm" p="xs">
          <Text fw={600} size="sm">
            {t(`privacy.retention.kind.${r.kind}`)} {r.label}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {[r.name, r.phone, r.altPhone, r.email].filter(Boolean).join(' · ')}
          </Text>
          {r.keptBecause ? (
            <Text size="sm" c="orange.8">
              {t(`privacy.requests.kept.${r.keptBecause}`)}
            </Text>
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}

/** One request of the register: its dates, and its action (export, or erase with a reason) until done. */
function RequestCard({ request }: { request: DataRequest }) {
  const t = useT();
  const erase = useEraseDataRequest();
  const [reason, setReason] = useState('');
  const [confirming, confirm] = useDisclosure(false);
  const [exporting, setExporting] = useState(false);

  const exportZip = async () => {
    setExporting(true);
    try {
      await downloadFile('/export/dataRequest', { id: request.id });
      notifySuccess(t('privacy.requests.exported'));
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };
  const eraseNow = () =>
    erase.mutate(
      { id: request.id, reason },
      {
        onSuccess: () => {
          confirm.close();
          notifySuccess(t('privacy.requests.erased'));
        },
        onError: notifyError,
      },
    );

  return (
    <Paper withBorder radius="sm" p="sm">
      <Stack gap={6}>
        <Group gap="xs" justify="space-between">
          <Text fw={600}>{request.subject}</Text>
          <Badge variant="light" color={request.kind === 'erasure' ? 'red' : 'blue'}>
            {t(`privacy.requests.kind.${request.kind}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('privacy.requests.dates', { received: formatDate(request.receivedOn), due: formatDate(request.dueOn) })}
          {request.doneOn ? ` · ${t('privacy.requests.done', { day: formatDate(request.doneOn), who: request.handledBy ?? '—' })}` : ''}
        </Text>
        {request.outcome ? (
          <Text size="sm">
            {t('privacy.retention.ran', { cases: formatNumber(request.outcome.erased.cases), reporters: formatNumber(request.outcome.erased.reporters), citizenReports: formatNumber(request.outcome.erased.citizenReports) })}{' '}
            {request.outcome.kept.map((k) => `${t(`privacy.retention.kind.${k.kind}`)} ${k.label}: ${t(`privacy.requests.kept.${k.why}`)}`).join(' ')}
          </Text>
        ) : null}
        {request.kind === 'access' ? (
          <Group>
            <Button size="md" variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={exporting} onClick={() => void exportZip()}>
              {t('privacy.requests.export')}
            </Button>
          </Group>
        ) : request.doneOn === null ? (
          <Group align="flex-end" gap="sm">
            <TextInput size="md" flex={1} miw={200} label={t('privacy.requests.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
            <Button size="md" color="red" variant="light" disabled={!reason.trim()} onClick={confirm.open}>
              {t('privacy.requests.erase')}
            </Button>
          </Group>
        ) : null}
      </Stack>
      <ConfirmModal
        opened={confirming}
        onClose={confirm.close}
        title={t('privacy.requests.erase')}
        message={t('privacy.requests.eraseConfirm')}
        confirmLabel={t('privacy.requests.erase')}
        busy={erase.isPending}
        onConfirm={eraseNow}
      />
    </Paper>
  );
}
