import { Alert, Anchor, Autocomplete, Box, Button, Center, Group, Image, Loader, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import '../../../lib/i18n/date-picker-locales';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconPrinter } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { ABC_COLUMN_GROUPS, ABC_COLUMNS, MONTH_PATTERN, can, imageUrl, type AbcColumn, type AbcReport, type AbcReportInput, type AbcReportRow, type Me, type MessageKey } from '@rescuedesk/shared';
import { NgoSelect } from '../../../components/directory/ngo-select';
import { ExportButton } from '../../../components/export/export-button';
import { PageTitle } from '../../../components/ui/page-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { formatNumber } from '../../../lib/i18n/format';
import { intlLocale } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/use-t';
import { useAbcReport } from '../api/get-abc-report';
import { AbcReportSurveys } from './abc-report-surveys';
import { StockReconciliationPanel } from '../../stock/components/stock-reconciliation';
import classes from './abc-report.module.css';
import { useDevanagariReady } from './devanagari-font';
import print from './print.module.css';

/** The three officers who sign the report. */
const SIGNATURES = ['reports.pdf.signature.projectVet', 'reports.pdf.signature.municipalVet', 'reports.pdf.signature.dvo'] as const satisfies readonly MessageKey[];

/** The month before the current one: the report an NGO files at the start of a month. */
function lastMonth(): string {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

/** The filters live in the address (?month=2026-03&ward=…&ngo=…), so a reload or a shared link shows the same report. */
export function filtersOf(params: URLSearchParams): AbcReportInput {
  const month = params.get('month') ?? '';
  const ngo = Number(params.get('ngo'));
  const input: AbcReportInput = { month: MONTH_PATTERN.test(month) ? month : lastMonth() };
  const ward = params.get('ward')?.trim();
  if (ward) input.ward = ward;
  if (Number.isInteger(ngo) && ngo > 0) input.ngoId = ngo;
  return input;
}

export function monthName(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(intlLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, m - 1, 1));
}

/**
 * The monthly ABC report (docs/reports.md): filters, the table with its total, and what to do with
 * it (print the page on A4 landscape, download the PDF to sign, download the per-dog register).
 */
export function AbcReportPage({ me }: { me: Me }) {
  const t = useT();
  // The vaccine used from stock beside the month's vaccinations: for the staff who keep stock, not the committee.
  const seesStock = can(me.role, 'stock.view');
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const [ward] = useDebouncedValue(filters.ward, 400);
  const input: AbcReportInput = { ...filters, ward };
  const report = useAbcReport(input);
  // Every ward of the month, for the ward box's suggestions (the same answer as an unfiltered report).
  const wards = useAbcReport({ month: filters.month, ...(filters.ngoId ? { ngoId: filters.ngoId } : {}) });
  useErrorToast(report.error);

  function update(change: { month?: string; ward?: string; ngo?: number | null }) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(change)) {
          if (value === null || value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  const wardOptions = wards.data?.rowsAre === 'wards' ? wards.data.rows.flatMap((r) => (r.label ? [r.label] : [])) : [];
  const data = report.data;
  const fontReady = useDevanagariReady(data ? [data.ngo?.name, data.ward, ...data.rows.map((r) => r.label)].join(' ') : '');

  return (
    <div className={print.report}>
      <Box className={print.noPrint}>
        <PageTitle>{t('reports.abc.title')}</PageTitle>
        <Text c="dimmed" size="sm" mb="md" maw={720}>
          {t('reports.abc.intro')}
        </Text>
        <Paper withBorder radius="md" p={{ base: 'sm', xs: 'md' }} mb="md">
          <Group align="flex-end" gap="sm">
            {me.role === 'Admin' ? (
              <NgoSelect
                label={t('reports.abc.chooseNgo')}
                placeholder={t('reports.abc.allNgos')}
                clearable
                w={{ base: '100%', xs: 240 }}
                value={filters.ngoId ?? null}
                onChange={(ngo) => update({ ngo })}
              />
            ) : null}
            <MonthPickerInput
              label={t('reports.abc.month')}
              w={{ base: '100%', xs: 200 }}
              valueFormat="MMMM YYYY"
              value={`${filters.month}-01`}
              // Today where the user is: in India the month turns 5½ hours before it does in UTC.
              maxDate={dayjs().format('YYYY-MM-DD')}
              onChange={(value) => value && update({ month: String(value).slice(0, 7) })}
            />
            <Autocomplete
              label={t('field.wardZone')}
              placeholder={t('reports.abc.allWards')}
              w={{ base: '100%', xs: 220 }}
              data={wardOptions}
              value={params.get('ward') ?? ''}
              onChange={(text) => update({ ward: text })}
              clearable
            />
          </Group>
          <Group mt="md" gap="sm" align="flex-start">
            <Button variant="default" leftSection={<IconPrinter size={16} stroke={1.8} />} onClick={() => window.print()} disabled={!data}>
              {t('reports.abc.print')}
            </Button>
            <ExportButton path="/report/getAbcReportPdf" body={input} label={t('reports.abc.downloadPdf')} kind="pdf" />
            <ExportButton path="/report/getAbcRegisterCsv" body={input} label={t('reports.abc.downloadRegister')} />
          </Group>
        </Paper>
      </Box>

      {data && fontReady ? (
        <Stack gap="lg">
          <AbcReportSheet report={data} />
          {seesStock ? <StockReconciliationPanel month={filters.month} ngoId={filters.ngoId} /> : null}
        </Stack>
      ) : report.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('reports.abc.loadFailed')}>
          {report.error.message}
        </Alert>
      ) : (
        <Center mih={200} role="status">
          <Loader aria-hidden />
          <VisuallyHidden>{t('reports.abc.loading')}</VisuallyHidden>
        </Center>
      )}
    </div>
  );
}

/** The report as printed: its heading (NGO, Darpan ID, logo, month), the table, and the signature blocks. */
export function AbcReportSheet({ report }: { report: AbcReport }) {
  const t = useT();
  const month = monthName(report.month);
  const ngo = report.ngo;
  return (
    <Stack gap="sm">
      <Group gap="md" wrap="nowrap" align="center">
        {ngo?.logo ? <Image src={imageUrl(ngo.id, ngo.logo, 192)} alt={t('field.logo')} w={56} h={56} fit="contain" /> : null}
        <div>
          <Title order={2} size="h3">
            {ngo?.name ?? t('reports.abc.allNgos')}
          </Title>
          {ngo ? <Text size="sm">{t('reports.pdf.darpanId', { id: ngo.darpanId ?? '—' })}</Text> : null}
          <Text size="sm" fw={600}>
            {t('reports.abc.tableLabel', { month })}
            {report.ward ? ` · ${t('reports.pdf.ward', { ward: report.ward })}` : ''}
          </Text>
        </div>
      </Group>

      <SpeciesNotRecorded ids={report.speciesNotRecorded} />

      {report.rows.length === 0 ? (
        <Paper withBorder p="lg" radius="md" role="status">
          <Text>{t('reports.abc.empty')}</Text>
        </Paper>
      ) : (
        // A region that takes the focus, so a keyboard can scroll the table sideways where it does not fit (a phone).
        <Table.ScrollContainer minWidth={0} type="native" className={classes.scroll} tabIndex={0} role="region" aria-label={t('reports.abc.tableLabel', { month })}>
          <Table withTableBorder withColumnBorders striped verticalSpacing={6} horizontalSpacing={4} className={classes.table} aria-label={t('reports.abc.tableLabel', { month })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th rowSpan={2} scope="col" className={classes.label}>
                  {report.rowsAre === 'ngos' ? t('field.ngo') : t('field.wardZone')}
                </Table.Th>
                {ABC_COLUMN_GROUPS.map((g) => {
                  const [only] = g.columns;
                  // A group of one column is headed once, across both rows, by the column's short name.
                  if (g.columns.length === 1 && only !== undefined) {
                    return <ColumnHead key={g.group} rowSpan={2} short={t(`reports.abc.short.${only}` as MessageKey)} full={t(`reports.abc.single.${only}` as MessageKey)} />;
                  }
                  return (
                    <Table.Th key={g.group} colSpan={g.columns.length} scope="colgroup">
                      {t(`reports.abc.group.${g.group}` as MessageKey)}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
              <Table.Tr>
                {ABC_COLUMN_GROUPS.filter((g) => g.columns.length > 1)
                  .flatMap((g) => [...g.columns])
                  .map((c) => (
                    <ColumnHead key={c} short={t(`reports.abc.short.${c}` as MessageKey)} full={t(`reports.abc.column.${c}` as MessageKey)} />
                  ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.rows.map((row, index) => (
                <ReportRow key={`${row.label ?? ''}-${index}`} row={row} label={row.label ?? t('reports.abc.noWard')} />
              ))}
              <ReportRow row={report.total} label={t('reports.abc.total')} total />
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {ngo ? (
        <Text size="xs" c="dimmed">
          {t('reports.abc.limit', { metres: formatNumber(ngo.releaseThresholdM) })}
        </Text>
      ) : null}
      <AbcReportSurveys surveys={report.surveys} />
      <Text size="xs" c="dimmed" className={print.printOnly}>
        {t('reports.pdf.definitions')}
      </Text>
      <div className={print.printOnly}>
        <section className={`${classes.signatures} ${print.avoidBreak}`} aria-label={t('reports.abc.signatures')}>
          {SIGNATURES.map((who) => (
            <div key={who} className={classes.signature}>
              <strong>{t(who)}</strong>
              <Text size="xs">{t('reports.pdf.signature.hint')}</Text>
            </div>
          ))}
        </section>
      </div>
    </Stack>
  );
}

/**
 * A column's heading: on screen its short name (23 columns fit beside the sidebar at 1280 px), the
 * full name on hover and for screen readers; on paper the full name.
 */
function ColumnHead({ short, full, rowSpan }: { short: string; full: string; rowSpan?: number }) {
  if (short === full) {
    return (
      <Table.Th scope="col" rowSpan={rowSpan}>
        {full}
      </Table.Th>
    );
  }
  return (
    <Table.Th scope="col" rowSpan={rowSpan} title={full}>
      <span aria-hidden="true" className={classes.short}>
        {short}
      </span>
      <span className={classes.full}>{full}</span>
    </Table.Th>
  );
}

function cell(row: AbcReportRow, column: AbcColumn): string {
  const value = row[column];
  return value === null ? '–' : formatNumber(value, { maximumFractionDigits: 1 });
}

/** How many cases shown at most, each a link to its Animal Details. */
const SPECIES_LINKS = 30;

/**
 * Sterilization cases of the month whose species was never recorded: the table counts dogs, so
 * they are in no column. Each opens at its Animal Details, where one save confirms the animal.
 */
function SpeciesNotRecorded({ ids }: { ids: readonly number[] }) {
  const t = useT();
  if (ids.length === 0) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title={t('reports.abc.speciesNotRecordedTitle', { count: ids.length })} data-testid="species-not-recorded">
      <Text size="sm">{t('reports.abc.speciesNotRecorded')}</Text>
      <Group gap="xs" mt={6}>
        {ids.slice(0, SPECIES_LINKS).map((id) => (
          <Anchor key={id} component={Link} to={`/dashboard/case?id=${id}&step=2`} size="sm">
            {t('cases.common.caseNumber', { id })}
          </Anchor>
        ))}
        {ids.length > SPECIES_LINKS ? <Text size="sm">{t('reports.abc.andMore', { count: ids.length - SPECIES_LINKS })}</Text> : null}
      </Group>
    </Alert>
  );
}

function ReportRow({ row, label, total = false }: { row: AbcReportRow; label: string; total?: boolean }) {
  return (
    <Table.Tr className={total ? classes.total : undefined}>
      <Table.Th scope="row" className={classes.label}>
        {label}
      </Table.Th>
      {ABC_COLUMNS.map((c) => (
        <Table.Td key={c}>{cell(row, c)}</Table.Td>
      ))}
    </Table.Tr>
  );
}
