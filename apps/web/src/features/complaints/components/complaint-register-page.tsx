import { Alert, Anchor, Button, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconPrinter } from '@tabler/icons-react';
import dayjs from 'dayjs';
import '../../../lib/i18n/date-picker-locales';
import { Link, useSearchParams } from 'react-router';
import { COMPLAINT_OUTCOMES, COMPLAINT_SOURCES, can, type Complaint, type ComplaintOutcome, type ComplaintRegisterInput, type ComplaintSource, type Me, type MessageKey } from '@rescuedesk/shared';
import { ExportButton } from '../../../components/export/export-button';
import { PageTitle } from '../../../components/ui/page-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { formatDateTime } from '../../../lib/i18n/format';
import { intlLocale } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/use-t';
import print from '../../reports/components/print.module.css';
import { useComplaintRegister } from '../api/get-complaint-register';
import classes from './complaint-register-page.module.css';
import { durationText } from './duration';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** This month on the user's calendar: the register an NGO looks at most. */
function thisMonth(): string {
  return dayjs().format('YYYY-MM');
}

/** The filters live in the address (?month=2026-10&source=phone&outcome=declined), so a reload or a shared link shows the same register. */
function filtersOf(params: URLSearchParams): ComplaintRegisterInput {
  const month = params.get('month') ?? '';
  const input: ComplaintRegisterInput = { month: MONTH.test(month) ? month : thisMonth() };
  const source = params.get('source');
  if ((COMPLAINT_SOURCES as readonly string[]).includes(source ?? '')) input.source = source as ComplaintSource;
  const outcome = params.get('outcome');
  if ((COMPLAINT_OUTCOMES as readonly string[]).includes(outcome ?? '')) input.outcome = outcome as ComplaintOutcome;
  return input;
}

function monthTitle(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(intlLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, m - 1, 1));
}

const outcomeKey = (outcome: ComplaintOutcome) => `citizen.register.outcome.${outcome}` as MessageKey;
const sourceKey = (source: ComplaintSource) => `citizen.register.source.${source}` as MessageKey;

/**
 * The complaint register (docs/citizen-reports.md#the-complaint-register): a month's complaints, by
 * the public page or by phone, each with its outcome and times, the month's figures, the CSV, and the
 * page printed on A4 landscape (or saved as a PDF from the print dialogue).
 */
export function ComplaintRegisterPage({ me }: { me: Me }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const input = filtersOf(params);
  const register = useComplaintRegister(input);
  useErrorToast(register.error);
  const wide = useMediaQuery('(min-width: 62em)', true);
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const summary = register.data?.summary;
  const seesPersonal = can(me.role, 'export.personal');
  const pickup = summary?.pickup;

  return (
    <Stack gap="md" className={classes.register}>
      <PageTitle>{t('citizen.register.title')}</PageTitle>
      <Text size="sm" className={print.noPrint}>
        {t('citizen.register.intro')}
      </Text>
      <Text fw={600} className={print.printOnly}>
        {monthTitle(input.month)}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap" className={print.noPrint}>
        <MonthPickerInput
          label={t('citizen.register.month')}
          size="md"
          w={{ base: '100%', xs: 200 }}
          valueFormat="MMMM YYYY"
          value={`${input.month}-01`}
          maxDate={dayjs().format('YYYY-MM-DD')}
          onChange={(value) => value && set('month', String(value).slice(0, 7))}
        />
        <Select
          label={t('citizen.register.source')}
          size="md"
          w={{ base: '100%', xs: 180 }}
          data={[{ value: '', label: t('citizen.register.anySource') }, ...COMPLAINT_SOURCES.map((s) => ({ value: s, label: t(sourceKey(s)) }))]}
          value={input.source ?? ''}
          onChange={(value) => set('source', value)}
          allowDeselect={false}
        />
        <Select
          label={t('citizen.register.outcome')}
          size="md"
          w={{ base: '100%', xs: 240 }}
          data={[{ value: '', label: t('citizen.register.anyOutcome') }, ...COMPLAINT_OUTCOMES.map((o) => ({ value: o, label: t(outcomeKey(o)) }))]}
          value={input.outcome ?? ''}
          onChange={(value) => set('outcome', value)}
          allowDeselect={false}
        />
        <ExportButton path="/report/getComplaintRegisterCsv" body={input} label={t('citizen.register.download')} size="md" />
        <Button variant="light" size="md" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
          {t('citizen.register.print')}
        </Button>
      </Group>

      {summary && pickup ? (
        <Paper withBorder radius="md" p="sm" role="status">
          <Text size="sm">{t('citizen.register.summary', { total: summary.total, public: summary.public, phone: summary.phone, answered: summary.answered, declined: summary.declined, pickedUp: summary.pickedUp })}</Text>
          <Text size="sm">
            {pickup.timed === 0
              ? t('citizen.register.noPickupTimes')
              : t('citizen.register.pickupTimes', { median: durationText(t, pickup.medianMinutes), p90: durationText(t, pickup.p90Minutes), timed: pickup.timed })}
          </Text>
        </Paper>
      ) : null}
      {!seesPersonal ? (
        <Text size="sm" c="dimmed">
          {t('citizen.register.personalHidden')}
        </Text>
      ) : null}

      {register.isError && !register.data ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {t('citizen.register.loadFailed')}
        </Alert>
      ) : register.data && register.data.rows.length === 0 ? (
        <Text>{t('citizen.register.empty')}</Text>
      ) : register.data ? (
        wide ? (
          <RegisterTable rows={register.data.rows} />
        ) : (
          <>
            <Stack gap="xs" className={print.noPrint}>
              {register.data.rows.map((row, index) => (
                <ComplaintCard key={`${row.source}-${row.reportId ?? row.caseId}`} row={row} number={index + 1} />
              ))}
            </Stack>
            {/* Printed from a phone, the register is the same table as on a desk. */}
            <div className={print.printOnly}>
              <RegisterTable rows={register.data.rows} />
            </div>
          </>
        )
      ) : null}
    </Stack>
  );
}

function CaseLink({ row }: { row: Complaint }) {
  const t = useT();
  if (row.caseId === null) return null;
  return (
    <Anchor component={Link} to={`/dashboard/case?id=${row.caseId}`} size="sm">
      {t('citizen.register.caseLink', { id: row.caseId })}
    </Anchor>
  );
}

function RegisterTable({ rows }: { rows: readonly Complaint[] }) {
  const t = useT();
  return (
    <Table.ScrollContainer type="native" minWidth={900} tabIndex={0} role="region" aria-label={t('citizen.register.title')}>
      <Table striped withTableBorder className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>{t('citizen.register.received')}</Table.Th>
            <Table.Th>{t('citizen.register.source')}</Table.Th>
            <Table.Th>{t('citizen.register.animal')}</Table.Th>
            <Table.Th>{t('citizen.register.place')}</Table.Th>
            <Table.Th>{t('citizen.register.reporter')}</Table.Th>
            <Table.Th>{t('citizen.register.answered')}</Table.Th>
            <Table.Th>{t('citizen.register.pickedUp')}</Table.Th>
            <Table.Th>{t('citizen.register.outcome')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={`${row.source}-${row.reportId ?? row.caseId}`}>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>{formatDateTime(row.receivedAt)}</Table.Td>
              <Table.Td>
                {t(sourceKey(row.source))}
                {row.code ? <Text size="xs">{row.code}</Text> : null}
              </Table.Td>
              <Table.Td>
                {[row.animal, row.condition].filter(Boolean).join(' · ')}
              </Table.Td>
              <Table.Td>{[row.place, row.pincode].filter(Boolean).join(', ')}</Table.Td>
              <Table.Td>{row.reporterName ?? ''}</Table.Td>
              <Table.Td>
                {formatDateTime(row.answeredAt)}
                {row.minutesToAnswer !== null ? <Text size="xs">{durationText(t, row.minutesToAnswer)}</Text> : null}
              </Table.Td>
              <Table.Td>
                {row.pickedUpAt ? formatDateTime(row.pickedUpAt) : (row.pickedUpOn ?? '')}
                {row.minutesToPickup !== null ? <Text size="xs">{durationText(t, row.minutesToPickup)}</Text> : null}
              </Table.Td>
              <Table.Td>
                {t(outcomeKey(row.outcome))}
                {row.declineReason ? <Text size="xs">{row.declineReason}</Text> : null}
                <div className={print.noPrint}>
                  <CaseLink row={row} />
                </div>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One complaint on a phone: what, where, when, and what became of it. */
function ComplaintCard({ row, number }: { row: Complaint; number: number }) {
  const t = useT();
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={`${number}. ${t(sourceKey(row.source))} · ${formatDateTime(row.receivedAt)}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={600} size="sm">
          {number}. {t(sourceKey(row.source))}
          {row.code ? ` · ${row.code}` : ''}
        </Text>
        <Text size="sm" fw={600}>
          {t(outcomeKey(row.outcome))}
        </Text>
      </Group>
      <Text size="sm">{[row.animal, row.condition].filter(Boolean).join(' · ')}</Text>
      {row.place || row.pincode ? <Text size="sm">{[row.place, row.pincode].filter(Boolean).join(', ')}</Text> : null}
      {row.reporterName ? <Text size="sm">{row.reporterName}</Text> : null}
      <Text size="sm">
        {t('citizen.register.received')}: {formatDateTime(row.receivedAt)}
      </Text>
      {row.answeredAt ? (
        <Text size="sm">
          {t('citizen.register.answered')}: {formatDateTime(row.answeredAt)} ({durationText(t, row.minutesToAnswer)})
        </Text>
      ) : null}
      {row.pickedUpOn ? (
        <Text size="sm">
          {t('citizen.register.pickedUp')}: {row.pickedUpAt ? formatDateTime(row.pickedUpAt) : row.pickedUpOn}
          {row.minutesToPickup !== null ? ` (${durationText(t, row.minutesToPickup)})` : ''}
        </Text>
      ) : null}
      {row.declineReason ? <Text size="sm">{row.declineReason}</Text> : null}
      <CaseLink row={row} />
    </Paper>
  );
}
