import { useEffect, useState } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import type { Breach, Me } from '@rescuedesk/shared';
import { NgoSelect } from '../../../components/directory/ngo-select';
import { PageTitle } from '../../../components/ui/page-title';
import { formatDayMonthYearTime, formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateBreach } from '../api/create-breach';
import { useBreaches } from '../api/get-breaches';
import { useMarkBreachReported } from '../api/mark-breach-reported';
import { PrivacyTabs } from './privacy-tabs';

const MINUTE_MS = 60_000;

/** The time now, moved on every minute: the 72-hour clocks count down with it. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The breach register (docs/privacy.md#breaches), for the Founder and an Admin (who picks the NGO):
 * record an incident from its discovery, see each one's report to the Board counting down from 72
 * hours, mark it told, and copy the drafted notices in English and Hindi.
 */
export function BreachesPage({ me }: { me: Me }) {
  const t = useT();
  const admin = me.role === 'Admin';
  const [ngoId, setNgoId] = useState<number | null>(null);
  const ready = !admin || ngoId !== null;
  const list = useBreaches(ngoId ?? undefined, ready);
  const create = useCreateBreach();
  const [form, setForm] = useState({ discoveredAt: '', whatHappened: '', dataAffected: '', peopleAffected: '', peopleCount: '' });
  const field = (name: keyof typeof form) => ({ value: form[name], onChange: (e: { currentTarget: { value: string } }) => setForm({ ...form, [name]: e.currentTarget.value }) });
  const now = useMinuteClock();
  // Each field's props, built outside the markup (the i18n lint reads any quoted text in JSX as words on screen).
  const inputs = {
    discoveredAt: field('discoveredAt'),
    peopleCount: field('peopleCount'),
    whatHappened: field('whatHappened'),
    dataAffected: field('dataAffected'),
    peopleAffected: field('peopleAffected'),
  };

  const record = () =>
    create.mutate(
      {
        ...(admin && ngoId ? { ngoId } : {}),
        // The field holds the local wall time; the server takes an instant.
        discoveredAt: form.discoveredAt ? new Date(form.discoveredAt).toISOString() : '',
        whatHappened: form.whatHappened,
        dataAffected: form.dataAffected,
        peopleAffected: form.peopleAffected,
        ...(form.peopleCount.trim() ? { peopleCount: Number(form.peopleCount) } : {}),
      },
      { onSuccess: () => notifySuccess(t('privacy.breach.recorded')), onError: notifyError },
    );

  return (
    <Stack gap="md">
      <PrivacyTabs role={me.role} />
      <PageTitle>{t('privacy.breach.title')}</PageTitle>
      {admin ? <NgoSelect label={t('privacy.retention.ngo')} size="md" w={{ base: '100%', xs: 320 }} value={ngoId} onChange={setNgoId} /> : null}
      <Paper withBorder radius="md" p={{ base: 'sm', xs: 'md' }}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput size="md" type="datetime-local" label={t('privacy.breach.discoveredAt')} {...inputs.discoveredAt} />
            <TextInput size="md" inputMode="numeric" label={t('privacy.breach.peopleCount')} {...inputs.peopleCount} />
          </SimpleGrid>
          <Textarea size="md" rows={3} label={t('privacy.breach.whatHappened')} {...inputs.whatHappened} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Textarea size="md" rows={3} label={t('privacy.breach.dataAffected')} {...inputs.dataAffected} />
            <Textarea size="md" rows={3} label={t('privacy.breach.peopleAffected')} {...inputs.peopleAffected} />
          </SimpleGrid>
          <Group>
            <Button size="md" color="red" disabled={!ready} loading={create.isPending} onClick={record}>
              {t('privacy.breach.record')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {list.data?.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('privacy.breach.empty')}
        </Text>
      ) : (
        (list.data ?? []).map((breach) => <BreachCard key={breach.id} breach={breach} now={now} />)
      )}
    </Stack>
  );
}

/** Hours and minutes between two instants. */
function span(ms: number) {
  const minutes = Math.floor(Math.abs(ms) / MINUTE_MS);
  return { hours: formatNumber(Math.floor(minutes / 60)), minutes: formatNumber(minutes % 60) };
}

function BreachCard({ breach, now }: { breach: Breach; now: number }) {
  const t = useT();
  const mark = useMarkBreachReported();
  const left = Date.parse(breach.reportDueAt) - now;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', xs: 'md' }}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{formatDayMonthYearTime(breach.discoveredAt)}</Text>
          {breach.reportedAt ? (
            <Badge color="green" variant="light">
              {t('privacy.breach.reported', { at: formatDayMonthYearTime(breach.reportedAt) })}
            </Badge>
          ) : (
            <Badge color={left < 0 ? 'red' : 'orange'} variant="filled" role="timer">
              {left < 0 ? t('privacy.breach.overdue', span(left)) : t('privacy.breach.left', span(left))}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('privacy.breach.due', { at: formatDayMonthYearTime(breach.reportDueAt) })}
        </Text>
        <Text size="sm">{breach.whatHappened}</Text>
        {breach.reportedAt ? null : (
          <Group>
            <Button size="md" variant="light" loading={mark.isPending} onClick={() => mark.mutate(breach.id, { onError: notifyError })}>
              {t('privacy.breach.markReported')}
            </Button>
          </Group>
        )}
        <Title order={3} size="h5">
          {t('privacy.breach.boardNotice')}
        </Title>
        <Textarea readOnly rows={5} aria-label={`${t('privacy.breach.boardNotice')} (English)`} value={breach.notices.board.en} />
        <Textarea readOnly rows={5} aria-label={`${t('privacy.breach.boardNotice')} (हिन्दी)`} value={breach.notices.board.hi} lang="hi" />
        <Title order={3} size="h5">
          {t('privacy.breach.peopleNotice')}
        </Title>
        <Textarea readOnly rows={5} aria-label={`${t('privacy.breach.peopleNotice')} (English)`} value={breach.notices.people.en} />
        <Textarea readOnly rows={5} aria-label={`${t('privacy.breach.peopleNotice')} (हिन्दी)`} value={breach.notices.people.hi} lang="hi" />
      </Stack>
    </Paper>
  );
}
