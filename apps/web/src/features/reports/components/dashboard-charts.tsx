import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Alert, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CASE_STATUSES, CASE_TYPES, optionKey, type DashboardCharts as ChartsData, type Me } from '@rescuedesk/shared';
import type { ReactNode } from 'react';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { formatNumber } from '../../../lib/i18n/format';
import { intlLocale } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/use-t';
import { useDashboardCharts } from '../api/get-dashboard-charts';

/** One colour per status, from Reported (first) to Released (last), telling them apart in print too. */
const STATUS_COLOURS = ['gray.5', 'yellow.6', 'orange.6', 'red.6', 'violet.6', 'teal.7'] as const;

/** The browser's current month: the charts end there. */
function currentMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

function shortMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(intlLocale(), { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(Date.UTC(year, m - 1, 1));
}

/**
 * The dashboard's charts (docs/reports.md#dashboard-charts): cases per month by status, cases by
 * type, outcomes and surgeries per month. Its own chunk with the chart library, loaded after the
 * list; each chart has a heading and its numbers as text for screen readers.
 */
export default function DashboardCharts({ me }: { me: Me }) {
  const t = useT();
  const charts = useDashboardCharts({ endMonth: currentMonth() }, true);
  useErrorToast(charts.error);
  if (charts.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />}>
        {t('reports.charts.loadFailed')}
      </Alert>
    );
  }
  if (!charts.data) {
    return (
      <Center mih={160} role="status">
        <Loader size="sm" aria-hidden />
        <VisuallyHidden>{t('reports.charts.loading')}</VisuallyHidden>
      </Center>
    );
  }
  return <ChartsView data={charts.data} admin={me.role === 'Admin'} />;
}

export function ChartsView({ data }: { data: ChartsData; admin?: boolean }) {
  const t = useT();
  const number = (n: number) => formatNumber(n);
  const statusLabel = (s: (typeof CASE_STATUSES)[number]) => t(optionKey('status', s));
  const byMonth = data.casesByMonth.map((m) => ({ month: shortMonth(m.month), ...m.counts }));
  const surgeries = data.surgeriesByMonth.map((m) => ({ month: shortMonth(m.month), male: m.male, female: m.female }));
  const types = CASE_TYPES.map((type) => ({ type: t(optionKey('caseType', type)), cases: data.casesByType[type] }));
  const outcomes = [
    { name: t('reports.charts.released'), value: data.outcomes.released, color: 'teal.7' },
    { name: t('reports.charts.inCare'), value: data.outcomes.inCare, color: 'blue.5' },
    { name: t('reports.charts.died'), value: data.outcomes.died, color: 'red.7' },
  ];

  return (
    <section aria-labelledby="dashboard-charts-title">
      {/* The note under the heading: beside it, a long note (Hindi) ran past a phone's edge. */}
      <Stack gap={2} mb="xs">
        <Title order={2} size="h4" id="dashboard-charts-title">
          {t('reports.charts.title')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('reports.charts.scopeNote')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard title={t('reports.charts.casesByMonth')} summary={data.casesByMonth.map((m) => t('reports.charts.summary', { label: shortMonth(m.month), value: number(Object.values(m.counts).reduce((a, b) => a + b, 0)) }))}>
          <BarChart
            h={280}
            data={byMonth}
            dataKey="month"
            type="stacked"
            withLegend
            // Room for the six statuses on three lines at 360 px (Hindi names are longer).
            legendProps={{ verticalAlign: 'bottom', height: 84 }}
            valueFormatter={number}
            series={CASE_STATUSES.map((s, i) => ({ name: s, label: statusLabel(s), color: STATUS_COLOURS[i] }))}
            xAxisProps={{ interval: 'preserveStartEnd', tick: { fontSize: 11 } }}
            yAxisProps={{ width: 36, tick: { fontSize: 11 }, allowDecimals: false }}
            barChartProps={NOT_FOCUSABLE}
          />
        </ChartCard>
        <ChartCard title={t('reports.charts.surgeriesByMonth')} summary={data.surgeriesByMonth.map((m) => `${shortMonth(m.month)}: ${t('reports.charts.male')} ${number(m.male)}, ${t('reports.charts.female')} ${number(m.female)}`)}>
          <BarChart
            h={240}
            data={surgeries}
            dataKey="month"
            withLegend
            legendProps={{ verticalAlign: 'bottom', height: 32 }}
            valueFormatter={number}
            series={[
              { name: 'male', label: t('reports.charts.male'), color: 'blue.6' },
              { name: 'female', label: t('reports.charts.female'), color: 'pink.6' },
            ]}
            xAxisProps={{ interval: 'preserveStartEnd', tick: { fontSize: 11 } }}
            yAxisProps={{ width: 36, tick: { fontSize: 11 }, allowDecimals: false }}
            barChartProps={NOT_FOCUSABLE}
          />
        </ChartCard>
        <ChartCard title={t('reports.charts.casesByType')} summary={types.map((x) => t('reports.charts.summary', { label: x.type, value: number(x.cases) }))}>
          <BarChart
            h={200}
            data={types}
            dataKey="type"
            orientation="vertical"
            valueFormatter={number}
            series={[{ name: 'cases', label: t('reports.sponsorCases.cases'), color: 'teal.7' }]}
            yAxisProps={{ width: 96, tick: { fontSize: 12 } }}
            xAxisProps={{ tick: { fontSize: 11 }, allowDecimals: false }}
            withBarValueLabel
            barChartProps={{ ...NOT_FOCUSABLE, margin: { right: 28 } }}
          />
        </ChartCard>
        <ChartCard title={t('reports.charts.outcomes')} summary={outcomes.map((o) => t('reports.charts.summary', { label: o.name, value: number(o.value) }))}>
          <Group justify="center" gap="lg" wrap="wrap">
            <DonutChart data={outcomes} size={150} thickness={26} withTooltip valueFormatter={number} pieChartProps={NOT_FOCUSABLE} pieProps={{ rootTabIndex: -1 }} />
            <Stack gap={6}>
              {outcomes.map((o) => (
                <Group key={o.name} gap={8} wrap="nowrap">
                  <span aria-hidden style={{ width: 12, height: 12, borderRadius: 3, background: `var(--mantine-color-${o.color.replace('.', '-')})` }} />
                  <Text size="sm">{t('reports.charts.summary', { label: o.name, value: number(o.value) })}</Text>
                </Group>
              ))}
            </Stack>
          </Group>
        </ChartCard>
      </SimpleGrid>
    </section>
  );
}

/**
 * The pictures take no keyboard focus (recharts makes each chart, and a pie, focusable by default): they
 * are hidden from screen readers, who read each chart's numbers from its list instead, and a
 * focusable element inside a hidden one is announced as nothing (axe: aria-hidden-focus).
 */
const NOT_FOCUSABLE = { accessibilityLayer: false } as const;

/** A chart with its heading; the picture is hidden from screen readers, which read the numbers instead. */
function ChartCard({ title, summary, children }: { title: string; summary: string[]; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Title order={3} size="h6" mb="xs">
        {title}
      </Title>
      <div aria-hidden>{children}</div>
      <VisuallyHidden>
        <ul>
          {summary.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </VisuallyHidden>
    </Paper>
  );
}
