import { Stack, Table, Text, Title } from '@mantine/core';
import { COVERAGE_TARGET, type AbcReportSurvey, type Interval } from '@rescuedesk/shared';
import { formatDate, formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import classes from './abc-report.module.css';
import print from './print.module.css';

const percent = (share: number | null | undefined) => (share === null || share === undefined ? '–' : formatNumber(share, { style: 'percent', maximumFractionDigits: 0 }));
const whole = (n: number | null | undefined) => (n === null || n === undefined ? '–' : formatNumber(Math.round(n)));

/** A value with its 95% interval, or a dash where the survey gives none. */
function withInterval(value: string, interval: Interval | null, format: (n: number) => string): string {
  return value === '–' || interval === null ? value : `${value} (${format(interval.lower)}–${format(interval.upper)})`;
}

/**
 * The month's coverage surveys under the report (issue 39, docs/coverage.md): for each walk, the
 * dogs counted and notched, the dogs sterilised on record, and the estimates with their 95%
 * intervals against the 70% target. Shown on screen and on paper; nothing when no survey was walked.
 */
export function AbcReportSurveys({ surveys }: { surveys: readonly AbcReportSurvey[] }) {
  const t = useT();
  if (surveys.length === 0) return null;
  const title = t('reports.abc.surveys.title');
  return (
    <Stack gap={4} className={print.avoidBreak} data-testid="report-surveys">
      <Title order={3} size="h5">
        {title}
      </Title>
      <Table.ScrollContainer minWidth={0} type="native" className={classes.scroll} tabIndex={0} role="region" aria-label={title}>
        <Table withTableBorder withColumnBorders striped verticalSpacing={6} horizontalSpacing={6} aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('surveys.field.ward')}</Table.Th>
              <Table.Th scope="col">{t('surveys.field.surveyDate')}</Table.Th>
              <Table.Th scope="col">{t('reports.abc.surveys.counted')}</Table.Th>
              <Table.Th scope="col">{t('reports.abc.surveys.notched')}</Table.Th>
              <Table.Th scope="col">{t('reports.abc.surveys.marked')}</Table.Th>
              <Table.Th scope="col">{t('surveys.ward.estimate')}</Table.Th>
              <Table.Th scope="col">{t('surveys.ward.share')}</Table.Th>
              <Table.Th scope="col">{t('surveys.ward.vaccinatedShare')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {surveys.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Th scope="row">{s.wardName}</Table.Th>
                <Table.Td>{formatDate(s.surveyDate)}</Table.Td>
                <Table.Td>{formatNumber(s.counted)}</Table.Td>
                <Table.Td>{formatNumber(s.notched)}</Table.Td>
                <Table.Td>{formatNumber(s.estimate.marked)}</Table.Td>
                <Table.Td>{withInterval(whole(s.estimate.population), s.estimate.populationInterval, whole)}</Table.Td>
                <Table.Td>{withInterval(percent(s.estimate.shareSterilised), s.estimate.shareSterilisedInterval, percent)}</Table.Td>
                <Table.Td>{withInterval(percent(s.estimate.shareVaccinated), s.estimate.shareVaccinatedInterval, percent)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        {t('reports.abc.surveys.note', { target: percent(COVERAGE_TARGET) })}
      </Text>
    </Stack>
  );
}
