import { Alert, Box, Button, Center, Group, Image, Loader, Paper, SimpleGrid, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconPrinter } from '@tabler/icons-react';
import { imageUrl, optionKey, type SponsorType } from '@rescuedesk/shared';
import { ExportButton } from '../../../components/export/export-button';
import { PageTitle } from '../../../components/ui/page-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { formatDate, formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { useSponsorCases, type SponsorCasesPage } from '../api/get-sponsor-cases';
import './devanagari-font';
import print from './print.module.css';

/** Sponsorship amounts are in rupees, without paise. */
const RUPEES: Intl.NumberFormatOptions = { style: 'currency', currency: 'INR', maximumFractionDigits: 0 };

/** A printable list of the cases a sponsorship pays for, for the sponsor (docs/reports.md#a-sponsors-cases). */
export function SponsorCasesSheet({ sponsorId }: { sponsorId: number | null }) {
  const t = useT();
  const page = useSponsorCases(sponsorId);
  useErrorToast(page.error);
  if (sponsorId === null) return <Alert color="red">{t('reports.sponsorCases.missingId')}</Alert>;
  if (page.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('reports.sponsorCases.loadFailed')}>
        {page.error.message}
      </Alert>
    );
  }
  if (!page.data) {
    return (
      <Center mih={200} role="status">
        <Loader aria-hidden />
        <VisuallyHidden>{t('reports.sponsorCases.loading')}</VisuallyHidden>
      </Center>
    );
  }
  return <SponsorCasesView page={page.data} />;
}

export function SponsorCasesView({ page }: { page: SponsorCasesPage }) {
  const t = useT();
  const { sponsor, ngo, rule, summary, total } = page.meta;
  const period = { from: formatDate(sponsor.startDate), to: formatDate(sponsor.endDate) };
  const type = t(optionKey('sponsorType', sponsor.type as SponsorType));
  const ruleText =
    rule === 'caseType' ? t('reports.sponsorCases.ruleCaseType', { type, ...period }) : rule === 'postOpCare' ? t('reports.sponsorCases.rulePostOpCare', period) : t('reports.sponsorCases.ruleNone', { type });
  const stats = [
    [t('reports.sponsorCases.cases'), total],
    [t('reports.sponsorCases.operated'), summary.operated],
    [t('reports.sponsorCases.released'), summary.released],
    [t('reports.sponsorCases.vaccinated'), summary.vaccinated],
    [t('reports.sponsorCases.died'), summary.died],
  ] as const;

  return (
    <div className={print.sponsorSheet}>
      <Box className={print.noPrint}>
        <PageTitle>{t('reports.sponsorCases.title')}</PageTitle>
        <Group mb="md" gap="sm" align="flex-start">
          <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            {t('reports.abc.print')}
          </Button>
          <ExportButton path="/export/sponsorCases" body={{ sponsorId: sponsor.id }} />
        </Group>
      </Box>

      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
        <div>
          <Title order={2} size="h3">
            {sponsor.name}
          </Title>
          <Text size="sm">
            {type} · {formatNumber(sponsor.amount, RUPEES)} · {t('reports.sponsorCases.period', period)}
          </Text>
          <Text size="sm" c="dimmed">
            {ngo.name}
            {ngo.darpanId ? ` · ${t('reports.pdf.darpanId', { id: ngo.darpanId })}` : ''}
          </Text>
        </div>
        <Group gap="sm" wrap="nowrap">
          {sponsor.logo ? <Image src={imageUrl(ngo.id, sponsor.logo, 192)} alt={t('field.sponsorLogo')} w={56} h={56} fit="contain" /> : null}
          {ngo.logo ? <Image src={imageUrl(ngo.id, ngo.logo, 192)} alt={t('field.logo')} w={56} h={56} fit="contain" /> : null}
        </Group>
      </Group>

      <Text size="sm" mb="sm">
        {ruleText}
      </Text>
      {/* By the sheet's own width, not the screen's: beside the sidebar a tablet's sheet is narrower than five tiles' words. */}
      <SimpleGrid type="container" cols={{ base: 2, '480px': 5 }} spacing="xs" mb="md">
        {stats.map(([label, value]) => (
          <Paper key={label} withBorder p="xs" radius="sm">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700}>{formatNumber(value)}</Text>
          </Paper>
        ))}
      </SimpleGrid>

      {page.data.length === 0 ? (
        <Text>{t('reports.sponsorCases.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('reports.sponsorCases.title') } }}>
          <Table striped withTableBorder verticalSpacing={3} horizontalSpacing={6} fz="xs" aria-label={t('reports.sponsorCases.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reports.csv.caseId')}</Table.Th>
                <Table.Th>{t('field.uniqueID')}</Table.Th>
                <Table.Th>{t('field.reportedDate')}</Table.Th>
                <Table.Th>{t('field.wardZone')}</Table.Th>
                <Table.Th>{t('field.animalGender')}</Table.Th>
                <Table.Th>{t('field.statusShort')}</Table.Th>
                <Table.Th>{t('field.operationDate')}</Table.Th>
                <Table.Th>{t('field.releaseDate')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.data.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{c.id}</Table.Td>
                  <Table.Td>{c.uniqueID ?? ''}</Table.Td>
                  <Table.Td>{formatDate(c.reportedDate)}</Table.Td>
                  <Table.Td>{c.wardZone ?? ''}</Table.Td>
                  <Table.Td>{c.animalGender ? t(optionKey('gender', c.animalGender as 'Male' | 'Female' | 'Other')) : ''}</Table.Td>
                  <Table.Td>{t(optionKey('status', c.status))}</Table.Td>
                  <Table.Td>{formatDate(c.operationDate)}</Table.Td>
                  <Table.Td>{c.deathDate ? `† ${formatDate(c.deathDate)}` : formatDate(c.releaseDate)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {total > page.data.length ? (
        <Text size="xs" c="dimmed" mt="xs">
          {t('reports.sponsorCases.shown', { shown: formatNumber(page.data.length), total: formatNumber(total) })}
        </Text>
      ) : null}
    </div>
  );
}
