import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Alert, Badge, Button, Center, Group, List, Loader, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconPlayerPlay } from '@tabler/icons-react';
import { COVERAGE_TARGET, type WardCoverage } from '@rescuedesk/shared';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { formatDate, formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { useWardCoverage } from '../api/get-ward-coverage';
import { useSurveyAnswers } from '../api/survey-writes';
import { surveyPath } from '../paths';

const percent = (share: number | null | undefined) => (share === null || share === undefined ? '–' : formatNumber(share, { style: 'percent', maximumFractionDigits: 0 }));
const whole = (n: number | null | undefined) => (n === null || n === undefined ? '–' : formatNumber(Math.round(n)));

/** /ward/view?id=…: a ward's surveys over time, each estimate with its interval against the 70% target (docs/coverage.md). */
export function WardPage({ wardId }: { wardId: number | null }) {
  const t = useT();
  const coverage = useWardCoverage(wardId);
  useErrorToast(coverage.error);
  useSurveyAnswers();
  if (coverage.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />}>
        {coverage.error.message}
      </Alert>
    );
  }
  if (!coverage.data) {
    return (
      <Center mih={160} role="status">
        <Loader size="sm" aria-hidden />
        <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      </Center>
    );
  }
  return <WardView coverage={coverage.data} />;
}

export function WardView({ coverage }: { coverage: WardCoverage }) {
  const t = useT();
  const { ward, surveys } = coverage;
  const target = percent(COVERAGE_TARGET);
  const latest = surveys.at(-1)?.estimate;
  const points = surveys.map((s) => ({
    date: formatDate(s.surveyDate),
    share: s.estimate.shareSterilised === null ? null : Math.round(s.estimate.shareSterilised * 100),
    lower: s.estimate.shareSterilisedInterval ? Math.round(s.estimate.shareSterilisedInterval.lower * 100) : null,
    upper: s.estimate.shareSterilisedInterval ? Math.round(s.estimate.shareSterilisedInterval.upper * 100) : null,
  }));
  return (
    <Stack gap="md" maw={960}>
      <div>
        <PageTitle>{t('surveys.ward.title', { name: ward.name })}</PageTitle>
        <Button component={Link} to={surveyPath(ward.id)} size="md" leftSection={<IconPlayerPlay size={18} />}>
          {t('surveys.ward.startSurvey')}
        </Button>
      </div>
      {surveys.length === 0 ? (
        <Text>{t('surveys.ward.noSurveys')}</Text>
      ) : (
        <>
          <Paper withBorder radius="md" p="sm">
            <Title order={2} size="h5" mb="xs">
              {t('surveys.ward.chartTitle')}
            </Title>
            {/* Drawn once a survey has an estimate: an empty chart would show no axis and no target. */}
            <div aria-hidden hidden={!points.some((p) => p.share !== null)}>
              <LineChart
                h={280}
                data={points}
                dataKey="date"
                unit="%"
                yAxisProps={{ domain: [0, 100], width: 40, tick: { fontSize: 11 } }}
                xAxisProps={{ interval: 'preserveStartEnd', tick: { fontSize: 11 } }}
                referenceLines={[{ y: COVERAGE_TARGET * 100, label: t('surveys.ward.target', { target }), color: 'red.6' }]}
                withLegend
                // Room for the three entries on two lines at 360 px (Hindi names are longer).
                legendProps={{ verticalAlign: 'bottom', height: 72 }}
                series={[
                  { name: 'share', label: t('surveys.ward.share'), color: 'teal.7' },
                  { name: 'lower', label: t('surveys.ward.lowerBound'), color: 'gray.6', strokeDasharray: '4 4' },
                  { name: 'upper', label: t('surveys.ward.upperBound'), color: 'gray.6', strokeDasharray: '4 4' },
                ]}
                connectNulls
                lineChartProps={{ accessibilityLayer: false }}
              />
            </div>
            <Text size="sm" mt="xs" data-testid="ward-summary">
              {t('surveys.ward.chartSummary', {
                count: surveys.length,
                share: percent(latest?.shareSterilised),
                lower: percent(latest?.shareSterilisedInterval?.lower),
                upper: percent(latest?.shareSterilisedInterval?.upper),
                target,
              })}
            </Text>
          </Paper>
          <Text size="xs" c="dimmed">
            {t('surveys.ward.method')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {[...surveys].reverse().map((s) => (
              <Paper key={s.id} withBorder radius="md" p="sm" component="section" aria-label={formatDate(s.surveyDate)}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Title order={3} size="h6">
                    {formatDate(s.surveyDate)}
                  </Title>
                  {s.estimate.shareSterilised !== null && (
                    <Badge color={s.estimate.shareSterilised >= COVERAGE_TARGET ? 'teal.9' : 'red.9'} variant="filled" size="lg">
                      {percent(s.estimate.shareSterilised)}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {[s.routeNote, s.surveyorName].filter(Boolean).join(' · ')}
                </Text>
                <Text size="sm">{t('surveys.ward.counts', { counted: s.counted, notched: s.notched, marked: s.estimate.marked })}</Text>
                {s.estimate.population === null && <Text size="sm">{t('surveys.ward.noEstimate')}</Text>}
                <dl style={{ margin: 0 }}>
                  {s.estimate.population !== null && (
                    <>
                      <Row term={t('surveys.ward.estimate')} value={`${whole(s.estimate.population)} (${t('surveys.ward.interval')} ${whole(s.estimate.populationInterval?.lower)}–${whole(s.estimate.populationInterval?.upper)})`} />
                      <Row term={t('surveys.ward.share')} value={`${percent(s.estimate.shareSterilised)} (${percent(s.estimate.shareSterilisedInterval?.lower)}–${percent(s.estimate.shareSterilisedInterval?.upper)})`} />
                    </>
                  )}
                  {s.estimate.shareVaccinated !== null && (
                    <Row term={t('surveys.ward.vaccinatedShare')} value={`${percent(s.estimate.shareVaccinated)} (${percent(s.estimate.shareVaccinatedInterval?.lower)}–${percent(s.estimate.shareVaccinatedInterval?.upper)})`} />
                  )}
                </dl>
                {s.estimate.cautions.length > 0 && (
                  <List size="sm" mt={4}>
                    {s.estimate.cautions.map((c) => (
                      <List.Item key={c}>{t(`surveys.caution.${c}`)}</List.Item>
                    ))}
                  </List>
                )}
              </Paper>
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

function Row({ term, value }: { term: string; value: string }) {
  return (
    <Group gap={6} wrap="wrap">
      <Text component="dt" size="sm" fw={600}>
        {term}:
      </Text>
      <Text component="dd" size="sm" m={0}>
        {value}
      </Text>
    </Group>
  );
}
