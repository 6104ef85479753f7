import { Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPrinter } from '@tabler/icons-react';
import type { Run, RunStop } from '@rescuedesk/shared';
import { formatDate, formatDateTime } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import '../../reports/components/devanagari-font';
import print from '../../reports/components/print.module.css';
import { useRun } from '../api/get-run';
import { useRunShown } from '../api/run-writes';
import { downloadRegisterCsv } from './register-csv';
import classes from './run-register.module.css';

/**
 * The capture register of the ABC Rules for one run, on A4 (docs/product.md#runs): the locality,
 * date, times, squad and vehicle, then each dog with its case number, capture time and GPS point.
 */
export function RunRegister({ runId }: { runId: number }) {
  const t = useT();
  const found = useRun(runId);
  const { run } = useRunShown(found.data);
  if (run) return <RegisterView run={run} />;
  if (found.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('runs.sheet.loadFailed')}>
        {found.error.message}
      </Alert>
    );
  }
  return <Loader aria-label={t('runs.register.title')} />;
}

/** A stop whose dog was caught (or released): its time and point are the register's capture time and GPS. */
function isCapture(stop: RunStop): boolean {
  return stop.mark === 'pickedUp' || stop.mark === 'released';
}

function RegisterView({ run }: { run: Run }) {
  const t = useT();
  const caught = run.stops.filter(isCapture).length;
  const details: Array<[string, string]> = [
    [t('runs.register.ngo'), run.ngoName ?? ''],
    [t('runs.field.locality'), run.locality ?? ''],
    [t('runs.field.runDate'), formatDate(run.runDate)],
    [t('runs.register.startedAt'), formatDateTime(run.startedAt)],
    [t('runs.register.endedAt'), formatDateTime(run.endedAt)],
    [t('runs.field.squad'), run.squad.map((s) => s.name).join(', ') || t('runs.sheet.squadNone')],
    [t('runs.field.vehicle'), run.vehicle ?? ''],
    [t('runs.field.kind'), t(`runs.kind.${run.kind}`)],
  ];
  return (
    <Stack className={classes.register} gap="sm">
      <title>{t('common.documentTitle', { page: t('runs.register.title') })}</title>
      <Group justify="space-between" className={print.noPrint}>
        <Button leftSection={<IconPrinter size={16} />} size="md" onClick={() => window.print()}>
          {t('reports.abc.print')}
        </Button>
        <Button variant="light" size="md" onClick={() => downloadRegisterCsv(run, t)}>
          {t('runs.sheet.csv')}
        </Button>
      </Group>
      <Title order={1} size="h3">
        {t('runs.register.title')}
      </Title>
      <Text size="sm">{t('runs.register.subtitle')}</Text>
      <Table withTableBorder className={classes.details}>
        <Table.Tbody>
          {details.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Table.ScrollContainer minWidth={520}>
        <Table withTableBorder withColumnBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>{t('runs.csv.caseNumber')}</Table.Th>
              <Table.Th>{t('runs.csv.uniqueId')}</Table.Th>
              <Table.Th>{t('runs.register.captureTime')}</Table.Th>
              <Table.Th>{t('runs.register.gps')}</Table.Th>
              <Table.Th>{t('runs.field.mark')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {run.stops.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>{s.position}</Table.Td>
                <Table.Td>#{s.caseId}</Table.Td>
                <Table.Td>{s.uniqueID ?? ''}</Table.Td>
                <Table.Td>{isCapture(s) && s.markedDate && s.markedTime ? `${formatDate(s.markedDate)} ${s.markedTime}` : ''}</Table.Td>
                <Table.Td>{isCapture(s) && s.markLatitude !== null && s.markLongitude !== null ? `${s.markLatitude.toFixed(5)}, ${s.markLongitude.toFixed(5)}` : ''}</Table.Td>
                <Table.Td>
                  {t(`runs.mark.${s.mark}`)}
                  {s.reason ? `: ${s.reason}` : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text fw={600}>{t('runs.register.dogs', { count: caught })}</Text>
      <Text mt="xl">{t('runs.register.signature')}</Text>
    </Stack>
  );
}
