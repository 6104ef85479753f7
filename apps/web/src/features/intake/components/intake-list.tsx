import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { CASE_TYPES, imageUrl, optionKey, type IntakeReport, type Translate } from '@rescuedesk/shared';
import { Link } from 'react-router';
import { ReportAdditionsList } from '../../../components/images/report-additions';
import { ImageThumbnail } from '../../../components/images/image-thumbnail';
import { ListPagination } from '../../../components/ui/list-pagination';
import { useT } from '../../../lib/i18n/use-t';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAcceptReport } from '../api/accept-report';
import { useDeclineReport } from '../api/decline-report';
import { useReports } from '../api/get-reports';
import { DuplicateSuggestions } from './duplicate-suggestions';
import { ReportFocusNotice, useFocusedReportId, useScrolledIntoFocus } from './report-focus';
import { ReportNoticesList } from './report-notices';

const STATUS_COLOURS = { new: 'red', accepted: 'teal', declined: 'gray' } as const;

/** The reports citizens sent through the public page: new ones first, the most urgent condition first. */
export function IntakeList() {
  const t = useT();
  const focusedId = useFocusedReportId();
  // Opened from a report's marker, the list starts at the page that holds that report (the answer
  // says which); a page chosen afterwards is the user's.
  const [chosenPage, setChosenPage] = useState<number | null>(null);
  const reports = useReports(chosenPage === null && focusedId !== null ? { around: focusedId } : { page: chosenPage ?? 1 });
  const meta = reports.data?.meta;
  const pages = meta ? Math.ceil(meta.total / meta.pageSize) : 0;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('citizen.intake.title')}
      </Title>
      {reports.isPending ? <Loader aria-label={t('citizen.page.loading')} /> : null}
      {reports.isError ? <Text role="alert">{reports.error.message}</Text> : null}
      {reports.data && reports.data.data.length === 0 ? <Text>{t('citizen.intake.empty')}</Text> : null}
      {chosenPage === null ? <ReportFocusNotice reportId={focusedId} reports={reports.data?.data} t={t} /> : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {reports.data?.data.map((report) => (
          <ReportCard key={report.id} report={report} t={t} focused={report.id === focusedId} />
        ))}
      </SimpleGrid>
      {meta ? <ListPagination pages={pages} page={meta.page} onChange={setChosenPage} label={t('citizen.intake.pages')} /> : null}
    </Stack>
  );
}

function ReportCard({ report, t, focused }: { report: IntakeReport; t: Translate; focused: boolean }) {
  const [action, setAction] = useState<'accept' | 'decline' | null>(null);
  const ref = useScrolledIntoFocus<HTMLElement>(focused);
  const time = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(report.createdAt));
  const heading = `${t(`citizen.condition.${report.condition}`)} · ${t(`citizen.animal.${report.animalType as 'Dog'}`)}`;
  return (
    <Card
      ref={ref}
      withBorder
      padding="md"
      component="article"
      aria-label={`${heading} ${report.code}`}
      aria-current={focused ? 'true' : undefined}
      tabIndex={focused ? -1 : undefined}
      data-testid={focused ? 'report-focused' : undefined}
      style={focused ? { borderColor: 'var(--mantine-color-blue-filled)', borderWidth: 3 } : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} miw={0}>
          <Text fw={700}>{heading}</Text>
          <Text size="sm">
            <time dateTime={report.createdAt}>{time}</time> · {report.code}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <Badge color={STATUS_COLOURS[report.status]}>{t(`citizen.intake.${report.status}`)}</Badge>
          {report.outsideArea ? <Badge color="orange">{t('citizen.intake.outsideArea')}</Badge> : null}
        </Stack>
      </Group>
      {report.photos.length > 0 ? (
        <Group gap="xs" mt="sm">
          {report.photos.map((photo) => (
            <div key={photo} style={{ width: 96, height: 96 }}>
              <ImageThumbnail src={imageUrl(report.ngoId, photo, 192)} alt={heading} />
            </div>
          ))}
        </Group>
      ) : null}
      <Stack gap={4} mt="sm">
        {report.address || report.pincode ? <Text size="sm">{[report.address, report.pincode].filter(Boolean).join(', ')}</Text> : null}
        {report.latitude !== null && report.longitude !== null ? (
          <Anchor size="sm" href={`https://www.openstreetmap.org/?mlat=${report.latitude}&mlon=${report.longitude}#map=18/${report.latitude}/${report.longitude}`} target="_blank" rel="noreferrer">
            {`${report.latitude.toFixed(5)}, ${report.longitude.toFixed(5)}`}
          </Anchor>
        ) : null}
        {report.distanceM !== null ? <Text size="sm">{t('citizen.intake.distance', { km: (report.distanceM / 1000).toFixed(1) })}</Text> : null}
        {report.description ? <Text size="sm">{report.description}</Text> : null}
        <Text size="sm">
          {report.reporterName} · <Anchor href={`tel:${report.reporterPhone.replace(/[^\d+]/g, '')}`}>{report.reporterPhone}</Anchor>
        </Text>
        {report.declineReason ? <Text size="sm">{t('citizen.milestone.reason', { reason: report.declineReason })}</Text> : null}
        {report.caseId !== null ? (
          <Anchor component={Link} to={`/dashboard/case?id=${report.caseId}`}>
            {report.merged ? t('citizen.intake.mergedInto', { id: report.caseId }) : t('citizen.intake.openCase', { id: report.caseId })}
          </Anchor>
        ) : null}
      </Stack>
      <ReportAdditionsList additions={report.additions} ngoId={report.ngoId} title={t('citizen.intake.additions')} t={t} />
      <ReportNoticesList notices={report.notices} t={t} />
      {report.status === 'new' && report.latitude !== null ? <DuplicateSuggestions reportId={report.id} t={t} /> : null}
      {report.status === 'new' && action === null ? (
        <Group mt="md" grow>
          <Button size="md" onClick={() => setAction('accept')}>
            {t('citizen.intake.accept')}
          </Button>
          <Button size="md" variant="default" onClick={() => setAction('decline')}>
            {t('citizen.intake.decline')}
          </Button>
        </Group>
      ) : null}
      {action === 'accept' ? <AcceptForm report={report} t={t} onDone={() => setAction(null)} /> : null}
      {action === 'decline' ? <DeclineForm report={report} t={t} onDone={() => setAction(null)} /> : null}
    </Card>
  );
}

/** The case's type, and what its reporter step needs that the report may lack, prefilled from the report. */
function AcceptForm({ report, t, onDone }: { report: IntakeReport; t: Translate; onDone: () => void }) {
  const accept = useAcceptReport();
  const [type, setType] = useState<string>('OPD');
  const [landmark, setLandmark] = useState(report.address ?? '');
  const [pincode, setPincode] = useState(report.pincode ?? '');
  const submit = () =>
    accept.mutate(
      { reportId: report.id, type: type as (typeof CASE_TYPES)[number], landmark: landmark || undefined, pincode: pincode || undefined },
      {
        onSuccess: (saved) => {
          notifySuccess(t('citizen.intake.acceptedToast', { id: saved.caseId ?? '' }));
          onDone();
        },
        onError: notifyError,
      },
    );
  const types = CASE_TYPES.map((value) => ({ value, label: t(optionKey('caseType', value)) }));
  return (
    <Stack gap="sm" mt="md">
      <Select label={t('citizen.intake.caseType')} data={types} value={type} onChange={(value) => setType(value ?? 'OPD')} allowDeselect={false} />
      <TextInput label={t('field.landmark')} value={landmark} onChange={(e) => setLandmark(e.currentTarget.value)} />
      <TextInput label={t('field.pincode')} inputMode="numeric" value={pincode} onChange={(e) => setPincode(e.currentTarget.value)} />
      <Confirm label={t('citizen.intake.accept')} pending={accept.isPending} onConfirm={submit} onCancel={onDone} t={t} />
    </Stack>
  );
}

function DeclineForm({ report, t, onDone }: { report: IntakeReport; t: Translate; onDone: () => void }) {
  const decline = useDeclineReport();
  const [reason, setReason] = useState('');
  const submit = () =>
    decline.mutate(
      { reportId: report.id, reason },
      {
        onSuccess: () => {
          notifySuccess(t('citizen.intake.declinedToast'));
          onDone();
        },
        onError: notifyError,
      },
    );
  return (
    <Stack gap="sm" mt="md">
      <Textarea label={t('citizen.field.declineReason')} rows={3} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
      <Confirm label={t('citizen.intake.decline')} color="red" pending={decline.isPending} onConfirm={submit} onCancel={onDone} t={t} />
    </Stack>
  );
}

/** A decision's two buttons, side by side at thumb height. */
function Confirm({ label, color, pending, onConfirm, onCancel, t }: { label: string; color?: string; pending: boolean; onConfirm: () => void; onCancel: () => void; t: Translate }) {
  return (
    <Group grow>
      <Button size="md" color={color} loading={pending} onClick={onConfirm}>
        {label}
      </Button>
      <Button size="md" variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
    </Group>
  );
}
