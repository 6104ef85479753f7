import { useState } from 'react';
import { Alert, Button, EmptyState, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconInfoCircle, IconShieldCheck } from '@tabler/icons-react';
import type { Me, RetentionCounts, RetentionRecord, RetentionRun } from '@rescuedesk/shared';
import { NgoSelect } from '../../../components/directory/ngo-select';
import { PageTitle } from '../../../components/ui/page-title';
import { formatDate, formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRetentionPreview } from '../api/get-retention-preview';
import { useRunRetention } from '../api/run-retention';
import { ConfirmModal } from './confirm-modal';
import { PrivacyTabs } from './privacy-tabs';

const KINDS = ['case', 'reporter', 'citizenReport'] as const;
const COUNT_OF = { case: 'cases', reporter: 'reporters', citizenReport: 'citizenReports' } as const satisfies Record<(typeof KINDS)[number], keyof RetentionCounts>;

function countsText(counts: RetentionCounts) {
  return { cases: formatNumber(counts.cases), reporters: formatNumber(counts.reporters), citizenReports: formatNumber(counts.citizenReports) };
}

/**
 * Retention of reporters' data (docs/privacy.md#how-long), for the Founder and an Admin (who picks
 * the NGO): the NGO's period, what stays and why, what the next daily run will anonymise (masked),
 * the last run, and running today's run now.
 */
export function RetentionPage({ me }: { me: Me }) {
  const t = useT();
  const [ngoId, setNgoId] = useState<number | null>(null);
  const admin = me.role === 'Admin';
  const input = admin && ngoId ? { ngoId } : {};
  const preview = useRetentionPreview(input, !admin || ngoId !== null);
  const run = useRunRetention();
  const [confirming, confirm] = useDisclosure(false);

  const runNow = () =>
    run.mutate(input, {
      onSuccess: (result) => {
        confirm.close();
        notifySuccess(result.ran && result.run.counts ? t('privacy.retention.ran', countsText(result.run.counts)) : t('privacy.retention.alreadyRan'));
      },
      onError: notifyError,
    });

  const data = preview.data;
  const total = data ? data.counts.cases + data.counts.reporters + data.counts.citizenReports : 0;

  return (
    <Stack gap="md">
      <PrivacyTabs role={me.role} />
      <PageTitle>{t('privacy.retention.title')}</PageTitle>
      {admin ? <NgoSelect label={t('privacy.retention.ngo')} size="md" w={{ base: '100%', xs: 320 }} value={ngoId} onChange={setNgoId} /> : null}
      {data ? (
        <>
          <Text size="sm" maw={720}>
            {t('privacy.retention.intro', { months: formatNumber(data.months) })} {t('privacy.retention.setInProfile')}
          </Text>
          <Alert variant="light" icon={<IconInfoCircle aria-hidden />} title={t('privacy.retention.keptTitle')} maw={720}>
            {t('privacy.retention.kept')}
          </Alert>
          <Paper withBorder radius="md" p={{ base: 'sm', xs: 'md' }}>
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('privacy.retention.next')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('privacy.retention.cutoff', { date: formatDate(data.cutoffDay) })}
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                {KINDS.map((kind) => (
                  <Paper key={kind} withBorder radius="md" p="sm">
                    <Text size="sm" c="dimmed">
                      {t(`privacy.retention.count.${kind}`)}
                    </Text>
                    <Text fw={700} size="xl">
                      {formatNumber(data.counts[COUNT_OF[kind]])}
                    </Text>
                  </Paper>
                ))}
              </SimpleGrid>
              {total === 0 ? (
                <EmptyState py="md" role="status" icon={<IconShieldCheck size={32} stroke={1.5} aria-hidden />} title={t('privacy.retention.none')} />
              ) : (
                <RecordList records={data.records} total={total} />
              )}
              <LastRun run={data.lastRun} />
              <Group>
                <Button size="md" color="red" variant="light" onClick={confirm.open} fullWidth={false}>
                  {t('privacy.retention.runNow')}
                </Button>
              </Group>
            </Stack>
          </Paper>
          <ConfirmModal
            opened={confirming}
            onClose={confirm.close}
            title={t('privacy.retention.runNow')}
            message={t('privacy.retention.confirm')}
            confirmLabel={t('privacy.retention.confirmYes')}
            busy={run.isPending}
            onConfirm={runNow}
          />
        </>
      ) : preview.isError ? (
        <EmptyState py="xl" icon={<IconAlertTriangle size={32} stroke={1.5} aria-hidden />} color="red" title={t('privacy.retention.loadFailed')} description={preview.error.message}>
          <EmptyState.Actions>
            <Button onClick={() => void preview.refetch()} loading={preview.isFetching} size="md">
              {t('common.tryAgain')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : preview.isFetching ? (
        <Stack gap="sm" role="status" aria-label={t('privacy.retention.loading')}>
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} height={44} radius="md" />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** The records the next run will empty, as cards (one column at 360 px), their values masked. */
function RecordList({ records, total }: { records: RetentionRecord[]; total: number }) {
  const t = useT();
  return (
    <Stack gap="xs">
      {records.map((r) => (
        <Paper key={`${r.kind}-${r.id}`} withBorder radius="sm" p="xs">
          <Text fw={600} size="sm">
            {t(`privacy.retention.kind.${r.kind}`)} {r.label}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {[r.name, r.phone, r.email].filter(Boolean).join(' · ')}
          </Text>
        </Paper>
      ))}
      {records.length < total ? (
        <Text size="sm" c="dimmed">
          {t('privacy.retention.more', { shown: formatNumber(records.length) })}
        </Text>
      ) : null}
    </Stack>
  );
}

function LastRun({ run }: { run: RetentionRun | null }) {
  const t = useT();
  const text = !run
    ? t('privacy.retention.neverRun')
    : run.counts
      ? t('privacy.retention.lastRun', { day: formatDate(run.day), ...countsText(run.counts) })
      : t('privacy.retention.lastRunPending', { day: formatDate(run.day) });
  return (
    <Text size="sm" c="dimmed" aria-live="polite">
      {text}
    </Text>
  );
}
