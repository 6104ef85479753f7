import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCloudOff, IconMapPin } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DEFAULT_RELEASE_THRESHOLD_M, haversineMetres, type MarkStopInput, type Run, type RunStop, type StopMark } from '@rescuedesk/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageTitle } from '../../../components/ui/page-title';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { formatDate, formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { notifyError } from '../../../lib/notify';
import { localDate as today, localTime as currentTime } from './local-time';
import { runQueryKey, useRun } from '../api/get-run';
import { queueEnd, queueMark, useRunAnswers, useRunShown } from '../api/run-writes';
import { runRegisterPath } from '../paths';
import { downloadRegisterCsv } from './register-csv';
import classes from './run-sheet.module.css';
import { useDevicePosition } from './use-device-position';

const MARK_COLOURS: Readonly<Record<StopMark, string>> = { pending: 'gray', pickedUp: 'green', released: 'green', notFound: 'orange', refused: 'red' };

/** The phone's navigation app (geo: URI) and a map in the browser, for a stop's point. */
export function mapLinks(stop: Pick<RunStop, 'latitude' | 'longitude'>): { geo: string; web: string } {
  const { latitude: lat, longitude: lon } = stop;
  return { geo: `geo:${lat},${lon}?q=${lat},${lon}`, web: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=18/${lat}/${lon}` };
}

/**
 * Working a run on a phone (docs/product.md#runs): the stops in order, each with links that open
 * the phone's navigation, and large buttons for its mark. Marks go through the app's outbox, so a
 * crew without network goes on marking; the run opened before stays readable offline.
 */
export function RunSheet({ runId }: { runId: number }) {
  const t = useT();
  const found = useRun(runId);
  useRunAnswers();
  const { run, waiting } = useRunShown(found.data);
  useErrorToast(found.data ? null : found.error);

  if (run) return <RunSheetView run={run} waiting={waiting} />;
  if (found.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('runs.sheet.loadFailed')}>
        {found.error.message}
      </Alert>
    );
  }
  if (found.isPaused) {
    return (
      <StatusPanel icon={<IconCloudOff size={28} />} title={t('runs.sheet.loadFailed')}>
        {t('runs.sheet.loadFailed')}
      </StatusPanel>
    );
  }
  return <Loader aria-label={t('runs.list.title')} />;
}

function RunSheetView({ run, waiting }: { run: Run; waiting: number }) {
  const t = useT();
  const queryClient = useQueryClient();
  const device = useDevicePosition(false);
  const [ending, setEnding] = useState(false);
  const ended = run.status === 'ended';

  const mark = async (stop: RunStop, value: MarkStopInput['mark'], reason?: string) => {
    const at = await device.locate();
    const input: MarkStopInput = { runId: run.id, stopId: stop.id, mark: value, reason: reason ?? null, markedDate: today(), markedTime: currentTime(), latitude: at?.latitude ?? null, longitude: at?.longitude ?? null, accuracy: at?.accuracy ?? null };
    try {
      const result = await queueMark(input, stop.position);
      if (result.sent) queryClient.setQueryData(runQueryKey(run.id), result.data as Run);
    } catch (error) {
      notifyError(error);
    }
  };

  const end = async () => {
    setEnding(false);
    try {
      const result = await queueEnd(run.id);
      if (result.sent) queryClient.setQueryData(runQueryKey(run.id), result.data as Run);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack gap="sm" className={classes.sheet}>
      <PageTitle>{t('runs.sheet.title', { date: formatDate(run.runDate) })}</PageTitle>
      <Group gap="xs">
        <Badge variant="light">{t(`runs.kind.${run.kind}`)}</Badge>
        <Badge variant="light" color={ended ? 'gray' : 'blue'} data-testid="run-status">
          {t(`runs.status.${run.status}`)}
        </Badge>
        <Text size="sm">{t('runs.plan.total', { km: formatNumber(run.totalMetres / 1000, { maximumFractionDigits: 1 }) })}</Text>
      </Group>
      <Text size="sm">
        {[run.locality, run.vehicle, run.squad.length > 0 ? run.squad.map((s) => s.name).join(', ') : t('runs.sheet.squadNone')].filter(Boolean).join(' · ')}
      </Text>
      {waiting > 0 ? (
        <Alert color="yellow" icon={<IconCloudOff size={18} />} data-testid="run-waiting">
          {t('runs.sheet.queued')}
        </Alert>
      ) : null}
      <Stack component="ol" gap="sm" p={0} m={0} className={classes.stops}>
        {run.stops.map((stop) => (
          <StopCard key={stop.id} run={run} stop={stop} ended={ended} onMark={(value, reason) => void mark(stop, value, reason)} devicePosition={device.position} />
        ))}
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" className={classes.actions}>
        <Button component={Link} to={runRegisterPath(run.id)} variant="light" size="md">
          {t('runs.sheet.print')}
        </Button>
        <Button variant="light" size="md" onClick={() => downloadRegisterCsv(run, t)}>
          {t('runs.sheet.csv')}
        </Button>
      </SimpleGrid>
      {!ended ? (
        <Button color="red.9" variant="outline" size="lg" onClick={() => setEnding(true)}>
          {t('runs.sheet.end')}
        </Button>
      ) : null}
      <ConfirmDialog opened={ending} title={t('runs.sheet.end')} message={t('runs.sheet.endConfirm')} confirmLabel={t('runs.sheet.end')} onConfirm={() => void end()} onCancel={() => setEnding(false)} />
    </Stack>
  );
}

interface StopCardProps {
  run: Run;
  stop: RunStop;
  ended: boolean;
  devicePosition: { latitude: number; longitude: number } | null;
  onMark: (mark: MarkStopInput['mark'], reason?: string) => void;
}

function StopCard({ run, stop, ended, devicePosition, onMark }: StopCardProps) {
  const t = useT();
  const [asking, setAsking] = useState<'refused' | 'released' | null>(null);
  const [reason, setReason] = useState('');
  const links = mapLinks(stop);
  const done = run.kind === 'catching' ? 'pickedUp' : 'released';
  const place = [stop.location, stop.landmark, stop.pincode].filter(Boolean).join(', ');
  const open = !ended && stop.mark !== done;

  const release = () => {
    // Far from where the dog was caught: the case's release check asks why, so ask before sending.
    const far = devicePosition && haversineMetres({ lat: stop.latitude, lon: stop.longitude }, { lat: devicePosition.latitude, lon: devicePosition.longitude }) > DEFAULT_RELEASE_THRESHOLD_M;
    if (far) setAsking('released');
    else onMark('released');
  };

  return (
    <Card withBorder component="li" padding="sm" data-testid={`stop-${stop.position}`} aria-label={t('runs.sheet.stop', { position: stop.position })}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700}>
          {t('runs.sheet.stop', { position: stop.position })} · {t('runs.sheet.case', { caseId: `#${stop.caseId}` })}
        </Text>
        <Badge variant="dot" color={MARK_COLOURS[stop.mark]} data-testid="stop-mark">
          {t(`runs.mark.${stop.mark}`)}
        </Badge>
      </Group>
      {place ? <Text size="sm">{place}</Text> : null}
      {stop.markedTime ? <Text size="sm" c="dimmed">{stop.markedByName ? t('runs.sheet.markedBy', { mark: t(`runs.mark.${stop.mark}`), time: stop.markedTime, name: stop.markedByName }) : t('runs.sheet.markedAt', { mark: t(`runs.mark.${stop.mark}`), time: stop.markedTime })}</Text> : null}
      {stop.reason ? <Text size="sm">{stop.reason}</Text> : null}
      <Group gap="md" my={4}>
        <Anchor href={links.geo} className={classes.link}>
          <IconMapPin size={16} aria-hidden /> {t('runs.sheet.openInMaps')}
        </Anchor>
        <Anchor href={links.web} target="_blank" rel="noreferrer" className={classes.link}>
          {t('runs.sheet.openInBrowser')}
        </Anchor>
      </Group>
      {open && asking === null ? (
        <div className={classes.buttons}>
          <Button size="lg" onClick={() => (done === 'pickedUp' ? onMark('pickedUp') : release())}>
            {t(`runs.mark.${done}`)}
          </Button>
          <Button size="lg" variant="default" onClick={() => onMark('notFound')}>
            {t('runs.mark.notFound')}
          </Button>
          <Button size="lg" color="red.9" variant="outline" onClick={() => setAsking('refused')}>
            {t('runs.mark.refused')}
          </Button>
        </div>
      ) : null}
      {open && asking !== null ? (
        <Stack gap="xs">
          <TextInput size="md" label={asking === 'refused' ? t('runs.sheet.reasonLabel') : t('runs.sheet.farReasonLabel')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} data-autofocus />
          <Group grow>
            <Button size="md" variant="default" onClick={() => setAsking(null)}>
              {t('runs.sheet.cancel')}
            </Button>
            <Button
              size="md"
              disabled={reason.trim() === ''}
              onClick={() => {
                onMark(asking, reason.trim());
                setAsking(null);
              }}
            >
              {asking === 'refused' ? t('runs.sheet.confirmRefused') : t('runs.mark.released')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Card>
  );
}
