import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { can, type Me } from '@rescuedesk/shared';
import { PageTitle } from '../../../components/ui/page-title';
import { formatDate, formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { useRuns } from '../api/get-runs';
import { RUN_PLAN_PATH, runSheetPath } from '../paths';

/** The runs, the latest day first; planners see "Plan a run". */
export function RunList({ me }: { me: Me }) {
  const t = useT();
  const runs = useRuns({ page: 1, pageSize: 50 });
  const plans = can(me.role, 'run.plan');
  return (
    <Stack gap="sm" maw="44rem">
      <PageTitle>{t('runs.list.title')}</PageTitle>
      {plans ? (
        <Button component={Link} to={RUN_PLAN_PATH} leftSection={<IconPlus size={18} />} size="md" w="fit-content">
          {t('runs.list.plan')}
        </Button>
      ) : null}
      {runs.isError && !runs.data ? <Alert color="red">{t('runs.list.loadFailed')}</Alert> : null}
      {runs.data?.data.length === 0 ? <Text c="dimmed">{t('runs.list.empty')}</Text> : null}
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {runs.data?.data.map((run) => (
          <Card key={run.id} component="li" withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={2}>
                <Text component={Link} to={runSheetPath(run.id)} fw={700} td="underline" mih={44} style={{ display: 'inline-flex', alignItems: 'center' }}>
                  {t('runs.sheet.title', { date: formatDate(run.runDate) })}
                </Text>
                <Text size="sm">
                  {[t(`runs.kind.${run.kind}`), run.locality, run.vehicle, t('runs.plan.total', { km: formatNumber(run.totalMetres / 1000, { maximumFractionDigits: 1 }) })].filter(Boolean).join(' · ')}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('runs.list.progress', { done: run.doneCount, total: run.stopCount })}
                </Text>
              </Stack>
              <Badge variant="light" color={run.status === 'ended' ? 'gray' : 'blue'}>
                {t(`runs.status.${run.status}`)}
              </Badge>
            </Group>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
