import { useEffect, useState } from 'react';
import { Alert, Box, Button, Center, Group, Loader, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconCloudOff, IconFileUnknown, IconPrinter, IconPrinterOff } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import {
  CASE_STEP_TABLE,
  imageUrl,
  OPTION_SET_OF_CASE_FIELD,
  optionKey,
  stepFields,
  type Case,
  type CaseStaffMember,
  type Me,
  type MessageKey,
  type OptionValue,
  vetNotInDirectory,
} from '@rescuedesk/shared';
import { PageTitle } from '../../../components/ui/page-title';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { useOnline } from '../../../lib/offline/shown-data';
import { staffComing, staffMemberName, useCaseStaff } from '../../cases/api/get-case-staff';
import { caseOutbox as appOutbox } from '../../cases/offline/case-outbox';
import { useCaseOutbox as useOutbox, useUnsyncedCount } from '../../cases/offline/use-case-outbox';
import { useCaseForSheet } from '../api/get-case-sheet';
import classes from './case-sheet.module.css';
import './devanagari-font';
import print from './print.module.css';


/** Fields holding identity documents: never printed (docs/reports.md#printable-case-sheet). */
const IDENTITY_FIELDS = new Set(['consentFormImage', 'verificationIdFrontImage', 'verificationIdBackImage']);
/** Thumbnails printed at most, so a case with many photos still fits two pages. */
const MAX_PHOTOS = 16;
const DATE_FIELD = /Date$|Expiry$/;

interface Photo {
  label: string;
  name: string;
}

/**
 * One case on one or two A4 pages: every step, the daily post-operative log, the release check and
 * thumbnails of the photos. `caseId` is the id in the address; a negative one is a case created
 * offline, which has no sheet until the server has it (docs/product.md#printing-offline).
 */
export function CaseSheet({ caseId, me }: { caseId: number | null; me: Me }) {
  const t = useT();
  if (caseId === null) return <Alert color="red">{t('reports.caseSheet.missingId')}</Alert>;
  if (caseId < 0) return <QueuedCaseSheet tempId={caseId} />;
  return <StoredCaseSheet caseId={caseId} me={me} />;
}

/**
 * A case created offline, not sent yet: its temporary number is never printed. Once its create is
 * answered the address is moved to the server's number, and the sheet shows by itself.
 */
function QueuedCaseSheet({ tempId }: { tempId: number }) {
  const t = useT();
  const { entries } = useOutbox();
  // The queue is read from IndexedDB once the signed-in shell starts it: until then, nothing is known to be missing.
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    void appOutbox().ready.then(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, []);
  const realId = appOutbox().resolveId(tempId);
  if (realId > 0) return <Navigate to={`/dashboard/case/print?id=${realId}`} replace />;
  const queued = entries.some((entry) => entry.kind === 'createCase' && entry.tempId === tempId);
  if (!queued && !loaded) return <SheetLoader />;
  return (
    <StatusPanel
      icon={queued ? <IconPrinterOff size={28} /> : <IconFileUnknown size={28} />}
      title={t('reports.caseSheet.title')}
      action={
        <Button component={Link} to={queued ? `/dashboard/case?id=${tempId}` : '/dashboard'} variant="light" leftSection={<IconArrowLeft size={16} />}>
          {queued ? t('reports.caseSheet.back') : t('cases.page.backToDashboard')}
        </Button>
      }
    >
      {queued ? t('reports.caseSheet.notSentYet') : t('cases.page.notFound')}
    </StatusPanel>
  );
}

function StoredCaseSheet({ caseId, me }: { caseId: number; me: Me }) {
  const t = useT();
  const found = useCaseForSheet(caseId);
  const staff = useCaseStaff(caseId);
  const online = useOnline();
  const waiting = useUnsyncedCount(caseId);
  // A kept copy stays on the sheet when a refresh fails; only a load with nothing to show is an error.
  useErrorToast(found.data ? null : found.error);

  if (found.data) {
    // Online, a squad's names are waited for: the sheet prints as it shows, never with stand-ins for them.
    if (staffComing(staff) && (found.data.reportingDetail.catchingSquad ?? []).length > 0) return <SheetLoader />;
    // Offline, or the refresh found no network: the sheet is the copy kept on this device, and says since when.
    const fromDevice = !online || (found.error instanceof ApiError && found.error.status === 0);
    return <CaseSheetView record={found.data} staff={staff.data ?? []} me={me} syncedAt={fromDevice ? found.dataUpdatedAt : null} waiting={waiting} />;
  }
  if (found.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('reports.caseSheet.loadFailed')}>
        {found.error.message}
      </Alert>
    );
  }
  // No network and the case not kept on this device: the load waits for the network, so say so
  // rather than spin; it goes on by itself when the network is back.
  if (found.isPaused) {
    return (
      <StatusPanel
        icon={<IconCloudOff size={28} />}
        title={t('reports.caseSheet.title')}
        action={
          <Button component={Link} to={`/dashboard/case?id=${caseId}`} variant="light" leftSection={<IconArrowLeft size={16} />}>
            {t('reports.caseSheet.back')}
          </Button>
        }
      >
        {t('reports.caseSheet.needsNetwork')}
      </StatusPanel>
    );
  }
  return <SheetLoader />;
}

function SheetLoader() {
  const t = useT();
  return (
    <Center mih={200} role="status">
      <Loader aria-hidden />
      <VisuallyHidden>{t('reports.caseSheet.loading')}</VisuallyHidden>
    </Center>
  );
}

/**
 * One thumbnail. A photo that cannot be loaded (offline, a step whose photos were never shown on this
 * device) says so in its place instead of printing a broken image.
 */
function SheetPhoto({ src, alt, label }: { src: string; alt: string; label: string }) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  return (
    <figure className={classes.photo}>
      {failed ? (
        <div className={classes.photoMissing} role="img" aria-label={alt}>
          {t('reports.caseSheet.photoMissing')}
        </div>
      ) : (
        <img src={src} alt={alt} loading="eager" onError={() => setFailed(true)} />
      )}
      <figcaption>{label}</figcaption>
    </figure>
  );
}

interface CaseSheetViewProps {
  record: Case;
  staff: readonly CaseStaffMember[];
  me: Me;
  /** When the sheet is the copy kept on this device (offline): when that copy was last synced. */
  syncedAt?: number | null;
  /** Changes to the case still waiting on this device: not on the sheet, which prints what the server holds. */
  waiting?: number;
}

export function CaseSheetView({ record, staff, me, syncedAt = null, waiting = 0 }: CaseSheetViewProps) {
  const t = useT();
  const names = new Map(staff.map((s) => [s.id, s.name]));
  const photos: Photo[] = [];

  function shown(field: string, value: unknown): string | null {
    if (value === null || value === undefined || value === '') return null;
    if (Array.isArray(value)) {
      if (field === 'catchingSquad') return value.length === 0 ? null : value.map((id: number) => staffMemberName(t, names, id)).join(', ');
      return null;
    }
    const set = OPTION_SET_OF_CASE_FIELD[field];
    if (set && typeof value === 'string') return t(optionKey(set, value as OptionValue<typeof set>));
    if (typeof value === 'number') return formatNumber(value);
    if (typeof value === 'string' && DATE_FIELD.test(field)) return formatDate(value);
    return String(value);
  }

  const steps = CASE_STEP_TABLE.map((step) => {
    const detail = record[step.key] as Record<string, unknown>;
    const rows: Array<{ label: string; value: string }> = [];
    for (const [field, definition] of stepFields(step.key)) {
      const value = detail[field];
      if (definition.kind === 'image' || definition.kind === 'imageList') {
        if (IDENTITY_FIELDS.has(field)) continue;
        const list = Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? [value] : [];
        for (const name of list) photos.push({ label: t(`field.${field}` as MessageKey), name });
        continue;
      }
      // The vet's directory link prints as a mark on a name typed instead (issue 33), not as a number.
      if (field === 'vetId') continue;
      const text = shown(field, value);
      const marked = field === 'vetName' && text !== null && vetNotInDirectory({ vetName: text, vetId: record.operationDetail.vetId });
      if (text !== null) rows.push({ label: t(`field.${field}` as MessageKey), value: marked ? t('cases.step.vetNameNotInDirectory', { name: text }) : text });
    }
    return { key: step.key, title: t(step.labelKey), rows };
  });
  for (const day of record.postOpDays) for (const name of day.photos) photos.push({ label: `${t('field.postOpDays')} ${day.dayNumber}`, name });
  const printedPhotos = photos.slice(0, MAX_PHOTOS);

  return (
    <div className={`${print.caseSheet} ${classes.sheet}`}>
      <Group className={print.noPrint} mb="md" gap="sm">
        <Button component={Link} to={`/dashboard/case?id=${record.id}`} variant="default" leftSection={<IconArrowLeft size={16} />}>
          {t('reports.caseSheet.back')}
        </Button>
        <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
          {t('reports.caseSheet.printNow')}
        </Button>
      </Group>
      <Box className={print.noPrint}>
        <PageTitle>{t('reports.caseSheet.heading', { id: record.id })}</PageTitle>
      </Box>

      <header className={classes.header}>
        <div>
          {me.ngoName ? (
            <Text fw={700} size="lg">
              {me.ngoName}
            </Text>
          ) : null}
          <Title order={2} size="h3" className={print.printOnly}>
            {t('reports.caseSheet.heading', { id: record.id })}
          </Title>
        </div>
        <Text size="sm">
          {t(optionKey('caseType', record.type))} · {t(optionKey('status', record.status))} · {t(optionKey('mortality', record.mortality))}
        </Text>
        <Text size="xs" c="dimmed">
          {t('reports.csv.createdBy')}: {record.createdBy ?? '—'} · {formatDateTime(record.createdAt)}
        </Text>
        {syncedAt !== null || waiting > 0 ? (
          // Printed too: the paper outlives the screen, and must say what it may lack.
          <Text size="sm" fw={600} className={classes.fromDevice} data-testid="case-sheet-from-device">
            {syncedAt !== null ? t('reports.caseSheet.fromDevice', { time: formatDateTime(new Date(syncedAt).toISOString()) }) : null}
            {syncedAt !== null && waiting > 0 ? ' ' : null}
            {waiting > 0 ? t('reports.caseSheet.waitingChanges', { count: waiting }) : null}
          </Text>
        ) : null}
      </header>

      <div className={classes.steps}>
        {steps.map((step) =>
          step.rows.length === 0 ? null : (
            <section key={step.key} className={classes.step}>
              <h2 className={classes.stepTitle}>{step.title}</h2>
              <dl className={classes.fields}>
                {step.rows.map((row) => (
                  <div key={row.label} className={classes.field}>
                    <dt>{row.label}</dt>
                    <dd>{row.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ),
        )}
      </div>

      <section className={`${classes.step} ${print.avoidBreak}`}>
        <h2 className={classes.stepTitle}>{t('reports.caseSheet.releaseCheck')}</h2>
        <Text size="sm">
          {record.releaseDistanceM === null
            ? t('reports.caseSheet.noDistance')
            : `${t('reports.caseSheet.distance', { metres: formatNumber(record.releaseDistanceM) })} · ${record.releaseFlagged ? t('reports.caseSheet.flagged') : t('reports.caseSheet.withinLimit')}`}
        </Text>
        {record.postOperationDetail.releaseOverrideReason ? <Text size="sm">{`${t('field.releaseOverrideReason')}: ${record.postOperationDetail.releaseOverrideReason}`}</Text> : null}
      </section>

      <section className={`${classes.step} ${print.avoidBreak}`}>
        <h2 className={classes.stepTitle}>{t('field.postOpDays')}</h2>
        {record.postOpDays.length === 0 ? (
          <Text size="sm">{t('reports.caseSheet.noPostOpDays')}</Text>
        ) : (
          <Table withTableBorder withColumnBorders verticalSpacing={2} horizontalSpacing={6} fz="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reports.caseSheet.day')}</Table.Th>
                <Table.Th>{t('field.logDate')}</Table.Th>
                <Table.Th>{t('field.woundState')}</Table.Th>
                <Table.Th>{t('field.appetite')}</Table.Th>
                <Table.Th>{t('field.temperature')}</Table.Th>
                <Table.Th>{t('field.medication')}</Table.Th>
                <Table.Th>{t('field.postOpNotes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {record.postOpDays.map((day) => (
                <Table.Tr key={day.id}>
                  <Table.Td>{day.dayNumber}</Table.Td>
                  <Table.Td>{formatDate(day.logDate)}</Table.Td>
                  <Table.Td>{day.woundState ? t(optionKey('woundState', day.woundState)) : ''}</Table.Td>
                  <Table.Td>{day.appetite ? t(optionKey('appetite', day.appetite)) : ''}</Table.Td>
                  <Table.Td>{day.temperature === null ? '' : formatNumber(day.temperature, { minimumFractionDigits: 1 })}</Table.Td>
                  <Table.Td>{day.medication ?? ''}</Table.Td>
                  <Table.Td>{day.notes ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </section>

      <section className={`${classes.step} ${print.avoidBreak}`}>
        <h2 className={classes.stepTitle}>{t('reports.caseSheet.photos')}</h2>
        {printedPhotos.length === 0 ? (
          <Text size="sm">{t('reports.caseSheet.noPhotos')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 3, xs: 6 }} spacing={6} className={classes.photos}>
            {printedPhotos.map((photo, index) => (
              <SheetPhoto key={`${photo.name}-${index}`} src={imageUrl(record.ngoId, photo.name, 192)} alt={t('reports.caseSheet.photoAlt', { label: photo.label, number: index + 1 })} label={photo.label} />
            ))}
          </SimpleGrid>
        )}
        <Text size="xs" c="dimmed" mt={4}>
          {t('reports.caseSheet.identityHidden')}
        </Text>
      </section>

      <Stack gap={0} mt="sm">
        <Text size="xs" c="dimmed">
          {t('reports.caseSheet.printed', { date: formatDateTime(new Date().toISOString()), name: me.name })}
        </Text>
      </Stack>
    </div>
  );
}
