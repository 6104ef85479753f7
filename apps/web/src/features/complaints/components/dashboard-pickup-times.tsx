import { Anchor, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n/use-t';
import { usePickupTimes } from '../api/get-pickup-times';
import { durationText } from './duration';

/**
 * This month's time from a complaint to the animal's pickup on the dashboard: the median and the
 * 90th percentile over the complaints picked up with a recorded time (docs/citizen-reports.md).
 */
export default function DashboardPickupTimes({ canOpenRegister }: { canOpenRegister: boolean }) {
  const t = useT();
  const times = usePickupTimes();
  if (!times.data) return null;
  const { timed, medianMinutes, p90Minutes } = times.data;
  return (
    <Paper withBorder radius="md" p="sm" mt="md" component="section" aria-labelledby="pickup-times">
      <Title order={2} size="h5" id="pickup-times">
        {t('citizen.register.dashboardTitle')}
      </Title>
      {timed === 0 ? (
        <Text size="sm">{t('citizen.register.dashboardNone')}</Text>
      ) : (
        <>
          <Text size="md" fw={600}>
            {t('citizen.register.dashboardFigures', { median: durationText(t, medianMinutes), p90: durationText(t, p90Minutes) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('citizen.register.dashboardTimed', { timed })}
          </Text>
        </>
      )}
      {canOpenRegister ? (
        <Anchor component={Link} to="/report/complaints" size="sm">
          {t('citizen.register.openRegister')}
        </Anchor>
      ) : null}
    </Paper>
  );
}
