import { useState } from 'react';
import { Anchor, Button, EmptyState, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { accessFieldLabel, optionKey, type AccessLogEntry, type AccessLogExportInput, type Role } from '@rescuedesk/shared';
import { ExportButton } from '../../../components/export/export-button';
import { ListPagination } from '../../../components/ui/list-pagination';
import { PageTitle } from '../../../components/ui/page-title';
import { useNarrowScreen } from '../../../hooks/use-narrow-screen';
import { formatDayMonthYearTime, formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { ACCESS_LOG_PAGE_SIZE, useAccessLog, useAccessLogPeople } from '../api/get-access-log';
import { PrivacyTabs } from './privacy-tabs';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The filter as typed: only what is complete goes to the server (a half-typed case number asks nothing). */
function filterOf(person: string | null, caseNumber: string, from: string, to: string): AccessLogExportInput {
  const id = caseNumber.trim();
  return {
    ...(person ? { userId: Number(person) } : {}),
    ...(/^\d+$/.test(id) ? { recordId: id } : {}),
    ...(DATE_PATTERN.test(from) ? { from } : {}),
    ...(DATE_PATTERN.test(to) ? { to } : {}),
  };
}

/**
 * The access log (docs/privacy.md#what-is-logged): who saw personal data in full, when, and why,
 * newest first; for the Founder of the NGO, and an Admin across NGOs. Filtered by person, case and
 * days, a page at a time, and exported with the same filter.
 */
export function AccessLogPage({ role }: { role?: Role } = {}) {
  const t = useT();
  const narrow = useNarrowScreen();
  const [person, setPerson] = useState<string | null>(null);
  const [caseNumber, setCaseNumber] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filter = filterOf(person, caseNumber, from, to);
  // A new filter starts again at its first page.
  const key = JSON.stringify(filter);
  const [paging, setPaging] = useState({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;
  const setPage = (next: number) => setPaging({ key, page: next });
  const backwards = filter.from !== undefined && filter.to !== undefined && filter.from > filter.to;
  const log = useAccessLog({ ...filter, ...(backwards ? { to: undefined } : {}), page, pageSize: ACCESS_LOG_PAGE_SIZE });
  const people = useAccessLogPeople();

  const total = log.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ACCESS_LOG_PAGE_SIZE));
  const size = narrow ? 'md' : 'sm';

  return (
    <Stack gap="md">
      <PrivacyTabs role={role} />
      <div>
        <PageTitle>{t('privacy.log.title')}</PageTitle>
        <Text c="dimmed" size="sm" mt={-8} maw={720}>
          {t('privacy.log.intro')}
        </Text>
      </div>
      <Paper withBorder radius="md" p={{ base: 'sm', xs: 'md' }}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
            <Select
              size="md"
              label={t('privacy.log.user')}
              placeholder={t('privacy.log.allUsers')}
              data={(people.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
              value={person}
              onChange={setPerson}
              searchable
              clearable
            />
            <TextInput size="md" label={t('privacy.log.record')} inputMode="numeric" value={caseNumber} onChange={(e) => setCaseNumber(e.currentTarget.value)} />
            <TextInput size="md" type="date" label={t('privacy.log.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
            <TextInput size="md" type="date" label={t('privacy.log.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} error={backwards ? t('privacy.log.rangeBackwards') : undefined} />
          </SimpleGrid>
          <Group>
            <ExportButton path="/export/accessLog" body={backwards ? { ...filter, to: undefined } : filter} size={size} fullWidth={narrow} label={t('privacy.log.export')} />
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'sm', xs: 'md' }}>
        {log.data ? (
          log.data.data.length === 0 ? (
            <EmptyState py="xl" role="status" icon={<IconShieldCheck size={32} stroke={1.5} aria-hidden />} title={t('privacy.log.empty')} />
          ) : (
            <Stack gap="md" style={{ opacity: log.isPlaceholderData ? 0.6 : 1 }} aria-busy={log.isPlaceholderData}>
              {narrow ? <EntryCards rows={log.data.data} /> : <EntryTable rows={log.data.data} />}
              <Group justify="space-between" gap="sm">
                <Text size="sm" c="dimmed" aria-live="polite">
                  {t('privacy.log.range', {
                    first: formatNumber((page - 1) * ACCESS_LOG_PAGE_SIZE + 1),
                    last: formatNumber((page - 1) * ACCESS_LOG_PAGE_SIZE + log.data.data.length),
                    total: formatNumber(total),
                  })}
                </Text>
                <ListPagination pages={pages} page={page} onChange={setPage} label={t('privacy.log.pages')} />
              </Group>
            </Stack>
          )
        ) : log.isError ? (
          <EmptyState py="xl" icon={<IconAlertTriangle size={32} stroke={1.5} aria-hidden />} color="red" title={t('privacy.log.loadFailed')} description={log.error.message}>
            <EmptyState.Actions>
              <Button onClick={() => void log.refetch()} loading={log.isFetching} size={size}>
                {t('common.tryAgain')}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <Stack gap="sm" role="status" aria-label={t('privacy.log.loading')}>
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} height={44} radius="md" />
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

/** What the entry names: a case (opened by tapping it), an export, or a document by its file name. */
function RecordOf({ entry }: { entry: AccessLogEntry }) {
  const t = useT();
  const text = t(`privacy.record.${entry.recordType}`, { id: entry.recordId });
  if (entry.recordType !== 'case') return <>{text}</>;
  return (
    <Anchor component={Link} to={`/dashboard/case?id=${entry.recordId}`}>
      {text}
    </Anchor>
  );
}

function useEntryText() {
  const t = useT();
  return {
    who: (e: AccessLogEntry) => (e.userRole ? `${e.userName ?? '—'} (${t(optionKey('role', e.userRole as Role))})` : (e.userName ?? '—')),
    field: (e: AccessLogEntry) => t(accessFieldLabel(e.field)),
    why: (e: AccessLogEntry) => t(`privacy.reason.${e.reason}`),
  };
}

function EntryTable({ rows }: { rows: AccessLogEntry[] }) {
  const t = useT();
  const text = useEntryText();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" horizontalSpacing="xs" aria-label={t('privacy.log.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('privacy.log.at')}</Table.Th>
            <Table.Th>{t('privacy.log.who')}</Table.Th>
            <Table.Th>{t('privacy.log.what')}</Table.Th>
            <Table.Th>{t('privacy.log.field')}</Table.Th>
            <Table.Th>{t('privacy.log.why')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{formatDayMonthYearTime(e.at)}</Table.Td>
              <Table.Td>{text.who(e)}</Table.Td>
              <Table.Td>
                <RecordOf entry={e} />
              </Table.Td>
              <Table.Td>{text.field(e)}</Table.Td>
              <Table.Td>{text.why(e)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone each entry is a card: what happened first, then who and when. */
function EntryCards({ rows }: { rows: AccessLogEntry[] }) {
  const text = useEntryText();
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((e) => (
        <Paper key={e.id} component="li" withBorder radius="md" p="sm">
          <Text fw={600}>
            {text.why(e)} · {text.field(e)}
          </Text>
          <Text size="sm">
            <RecordOf entry={e} />
          </Text>
          <Text size="sm" c="dimmed">
            {text.who(e)} · {formatDayMonthYearTime(e.at)}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
