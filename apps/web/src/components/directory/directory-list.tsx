import { Fragment, useEffect, type ReactNode } from 'react';
import {
  Box,
  Button,
  Center,
  CloseButton,
  DataList,
  EmptyState,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconSearch, IconSearchOff, IconUsersGroup } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { MessageKey } from '@rescuedesk/shared';
import type { Paged } from '../../lib/api-client';
import { ExportButton } from '../export/export-button';
import { PageTitle } from '../ui/page-title';
import { NgoSelect } from './ngo-select';
import { useErrorToast } from '../../hooks/use-error-toast';
import { useNarrowScreen } from '../../hooks/use-narrow-screen';
import { formatNumber } from '../../lib/i18n/format';
import { useT } from '../../lib/i18n/use-t';
import type { DirectoryListState } from './use-directory-list';
import classes from './directory.module.css';

/** Where a column shows: a table cell, or a part of the card that replaces the row on a phone. */
export type DirectoryView = 'table' | 'card';
const TABLE: DirectoryView = 'table';
const CARD: DirectoryView = 'card';

export interface DirectoryColumn<T> {
  header: string;
  cell: (row: T, view: DirectoryView) => ReactNode;
  /**
   * Its place on a phone card: 'title' heads the card, 'image' sits beside the title, 'action'
   * joins the buttons at the foot, 'detail' (the default) is a labelled line.
   */
  card?: 'title' | 'image' | 'detail' | 'action';
  /** Table column width, for narrow columns such as a logo or a button. */
  width?: number;
}

/** What a list says about its records, already in the user's language: 'No vets yet'. */
export interface DirectoryListTexts {
  /** The list is empty: 'No vets yet'. */
  noneYet: string;
  /** The search or NGO filter matches nothing: 'No vets found'. */
  noneFound: string;
  /** The first page failed to load: 'The vets could not be loaded'. */
  loadFailed: string;
  /** For screen readers while the first page loads: 'Loading vets'. */
  loading: string;
}

interface DirectoryListProps<T extends { id: number }> {
  /** Texts in this and the other props come translated: the list shows them as given. */
  title: string;
  /** The Add button, for users who may add. */
  add?: { label: string; to: string };
  searchPlaceholder: string;
  texts: DirectoryListTexts;
  state: DirectoryListState;
  query: UseQueryResult<Paged<T>>;
  columns: readonly DirectoryColumn<T>[];
  /** Names a row or card for screen readers: the record's name. */
  rowLabel: (row: T) => string;
  /** Admin: narrow the list to one NGO. */
  withNgoFilter?: boolean;
  /** The list's CSV export (docs/reports.md#csv-files): its API path, and what to send when it is not the list's own search and NGO. */
  exportTo?: { path: string; body?: object };
  /** More filters of the list's own (the user list's Active / Deactivated / All), beside the search. */
  filters?: ReactNode;
  /**
   * Set while such a filter narrows the list: an empty list then says this instead of "none yet"
   * (texts in the user's language).
   */
  filtered?: { title: string; description: string };
}

/**
 * A searchable, paged list of directory records (users, NGOs, reporters, vets, sponsors): a table
 * on wider screens and one card per record at 500px and narrower. S.No counts across pages.
 */
export function DirectoryList<T extends { id: number }>({
  title,
  add,
  searchPlaceholder,
  texts,
  state,
  query,
  columns,
  rowLabel,
  withNgoFilter = false,
  exportTo,
  filters,
  filtered,
}: DirectoryListProps<T>) {
  const t = useT();
  const narrow = useNarrowScreen();
  useErrorToast(query.error);
  const page = query.data;
  const pageCount = page ? Math.max(1, Math.ceil(page.meta.total / page.meta.pageSize)) : 1;

  // Deactivating the last row of the last page leaves that page empty: show the new last page.
  const pastTheEnd = page !== undefined && page.data.length === 0 && page.meta.total > 0 && state.page > pageCount;
  const { setPage } = state;
  useEffect(() => {
    if (pastTheEnd) setPage(pageCount);
  }, [pastTheEnd, pageCount, setPage]);

  const serial = (index: number) => (page ? (page.meta.page - 1) * page.meta.pageSize + index + 1 : index + 1);
  const searching = state.searchText.trim() !== '';

  return (
    <div className={classes.screen}>
      <PageTitle>{title}</PageTitle>
      <Stack gap="md">
        {/* Beside the sidebar (from 501 px) the page is narrower than a phone's: the buttons wrap below the search. */}
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            flex={narrow ? '1 1 100%' : '1 1 240px'}
            miw={0}
            maw={narrow ? undefined : 420}
            type="search"
            aria-label={searchPlaceholder}
            placeholder={searchPlaceholder}
            leftSection={<IconSearch size={16} stroke={1.6} />}
            rightSection={
              query.isFetching && !query.isPending ? (
                <Loader size={14} role="status" aria-label={t('directory.list.refreshing')} />
              ) : searching ? (
                <CloseButton size="sm" aria-label={t('directory.list.clearSearchText')} onClick={() => state.setSearchText('')} />
              ) : null
            }
            value={state.searchText}
            onChange={(event) => state.setSearchText(event.currentTarget.value)}
          />
          {withNgoFilter ? (
            <NgoSelect
              flex={narrow ? '1 1 100%' : '0 1 240px'}
              miw={0}
              aria-label={t('directory.list.ngoFilter')}
              placeholder={t('directory.list.allNgos')}
              clearable
              value={state.ngoFilter}
              onChange={state.setNgoFilter}
            />
          ) : null}
          {filters}
          {exportTo ? <ExportButton path={exportTo.path} body={exportTo.body ?? exportFilterOf(state.params)} size={narrow ? 'md' : 'sm'} fullWidth={narrow} /> : null}
          {add ? (
            <Button
              component={Link}
              to={add.to}
              ml={narrow ? undefined : 'auto'}
              fullWidth={narrow}
              size={narrow ? 'md' : 'sm'}
              leftSection={<IconPlus size={18} stroke={1.8} />}
            >
              {add.label}
            </Button>
          ) : null}
        </Group>

        {page ? (
          page.data.length === 0 ? (
            // A status, so a screen reader says so when a search comes back empty.
            <Paper withBorder radius="md" p="xl" role="status">
              {filtered && !searching && state.ngoFilter === null ? (
                <EmptyState icon={<IconSearchOff size={28} stroke={1.6} aria-hidden />} withIndicatorBackground title={filtered.title} description={filtered.description} />
              ) : searching || state.ngoFilter !== null ? (
                <EmptyState
                  icon={<IconSearchOff size={28} stroke={1.6} aria-hidden />}
                  withIndicatorBackground
                  title={texts.noneFound}
                  description={
                    searching ? t('directory.list.nothingMatches', { search: state.searchText.trim() }) : t('directory.list.ngoHasNone')
                  }
                >
                  {searching ? (
                    <EmptyState.Actions>
                      <Button variant="light" size={narrow ? 'md' : 'sm'} onClick={() => state.setSearchText('')}>
                        {t('directory.list.clearSearch')}
                      </Button>
                    </EmptyState.Actions>
                  ) : null}
                </EmptyState>
              ) : (
                <EmptyState
                  icon={<IconUsersGroup size={28} stroke={1.6} aria-hidden />}
                  withIndicatorBackground
                  title={texts.noneYet}
                  description={add ? t('directory.list.addFirst', { label: add.label }) : undefined}
                />
              )}
            </Paper>
          ) : narrow ? (
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={title}>
              {page.data.map((row, index) => (
                <li key={row.id}>
                  <RecordCard row={row} serial={serial(index)} columns={columns} label={rowLabel(row)} />
                </li>
              ))}
            </Stack>
          ) : (
            <Paper withBorder radius="md">
              <Table.ScrollContainer minWidth={560}>
                <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label={title}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col" w={64}>
                        {t('directory.list.serialNumber')}
                      </Table.Th>
                      {columns.map((column) => (
                        <Table.Th key={column.header} scope="col" w={column.width}>
                          {column.header}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {page.data.map((row, index) => (
                      <Table.Tr key={row.id} aria-label={rowLabel(row)}>
                        <Table.Td c="dimmed">{serial(index)}</Table.Td>
                        {columns.map((column) =>
                          // The record's name heads its row, so a screen reader names the row of each cell.
                          column.card === 'title' ? (
                            <Table.Th key={column.header} scope="row" fw="normal">
                              {column.cell(row, TABLE)}
                            </Table.Th>
                          ) : (
                            <Table.Td key={column.header}>{column.cell(row, TABLE)}</Table.Td>
                          ),
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )
        ) : query.isError ? (
          <Paper withBorder radius="md" p="xl">
            <EmptyState
              icon={<IconAlertTriangle size={28} stroke={1.6} aria-hidden />}
              variant="light"
              color="red"
              title={texts.loadFailed}
              description={query.error.message}
            >
              <EmptyState.Actions>
                <Button variant="light" size={narrow ? 'md' : 'sm'} onClick={() => void query.refetch()} loading={query.isFetching}>
                  {t('directory.common.tryAgain')}
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          </Paper>
        ) : (
          <Center role="status" mih={200}>
            <Loader aria-hidden />
            <VisuallyHidden>{texts.loading}</VisuallyHidden>
          </Center>
        )}

        {page && page.meta.total > 0 ? (
          <Group justify={narrow ? 'center' : 'space-between'} gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('directory.list.range', {
                from: formatNumber(serial(0)),
                to: formatNumber(serial(page.data.length - 1)),
                total: formatNumber(page.meta.total),
              })}
            </Text>
            {pageCount > 1 ? (
              <nav aria-label={t('directory.list.pages')}>
                <Pagination
                  total={pageCount}
                  value={Math.min(state.page, pageCount)}
                  onChange={state.setPage}
                  siblings={narrow ? 0 : 1}
                  // On a phone every page button is a 44 px touch target; the smaller gap keeps them on one line at 360 px.
                  size={narrow ? 'xl' : 'sm'}
                  gap={narrow ? 2 : undefined}
                  getControlProps={(control) => ({ 'aria-label': t(PAGE_CONTROL_LABELS[control]) })}
                  getItemProps={(item) => ({ 'aria-label': t('directory.list.page', { page: formatNumber(item) }) })}
                />
              </nav>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </div>
  );
}

/** The list's filters without its paging: an export holds every page. */
function exportFilterOf({ page: _page, pageSize: _pageSize, ...filter }: DirectoryListState['params']): object {
  return filter;
}

const PAGE_CONTROL_LABELS = {
  first: 'directory.list.firstPage',
  previous: 'directory.list.previousPage',
  next: 'directory.list.nextPage',
  last: 'directory.list.lastPage',
} as const satisfies Record<'first' | 'previous' | 'next' | 'last', MessageKey>;

interface RecordCardProps<T> {
  row: T;
  serial: number;
  columns: readonly DirectoryColumn<T>[];
  label: string;
}

function RecordCard<T>({ row, serial, columns, label }: RecordCardProps<T>) {
  const t = useT();
  const part = (kind: NonNullable<DirectoryColumn<T>['card']>) => columns.filter((c) => (c.card ?? 'detail') === kind);
  const images = part('image');
  const titles = part('title');
  const details = part('detail');
  const actions = part('action');

  return (
    <Paper component="article" withBorder radius="md" p="md" aria-label={label}>
      <Group gap="sm" wrap="nowrap" align="center">
        {images.map((column) => (
          <Box key={column.header}>{column.cell(row, CARD)}</Box>
        ))}
        <Box miw={0} flex={1}>
          <Text size="xs" c="dimmed">
            {t('directory.list.cardSerial', { serial })}
          </Text>
          {titles.map((column) => (
            <Text key={column.header} fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
              {column.cell(row, CARD)}
            </Text>
          ))}
        </Box>
      </Group>
      {details.length > 0 ? (
        <DataList size="sm" gap={6} labelWidth={96} mt="sm">
          {details.map((column) => (
            <DataList.Item key={column.header}>
              <DataList.ItemLabel c="dimmed">{column.header}</DataList.ItemLabel>
              <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{column.cell(row, CARD)}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList>
      ) : null}
      {actions.length > 0 ? (
        <Group mt="md" gap="sm" wrap="nowrap">
          {actions.map((column) => (
            <Fragment key={column.header}>{column.cell(row, CARD)}</Fragment>
          ))}
        </Group>
      ) : null}
    </Paper>
  );
}
