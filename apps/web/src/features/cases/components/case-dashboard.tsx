import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Button, CloseButton, Flex, Group, Paper, Stack, Tabs, TextInput } from '@mantine/core';
import { useDebouncedCallback, useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { can, optionKey, type Me } from '@rescuedesk/shared';
import { ExportButton } from '../../../components/export/export-button';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useNarrowScreen } from '../../../hooks/use-narrow-screen';
import { useCodeOnDemand } from '../../../hooks/use-code-on-demand';
import { useT } from '../../../lib/i18n/use-t';
import { notifyError } from '../../../lib/notify';
import { dashboardListParams, MIN_SEARCH_LENGTH, readDashboardFilters, TYPE_TABS, type TypeTab } from '../api/dashboard-filters';
import { CASE_PAGE_SIZE, useCases } from '../api/get-cases';
import { CaseList } from './case-list';
import { CaseTiles } from './case-tiles';
import dashboardClasses from './case-dashboard.module.css';
import classes from './tabs.module.css';
import touch from './touch-target.module.css';
import { useActiveTabInView } from './use-active-tab-in-view';

/**
 * 'Add New Case' and its form's checks come in a chunk of their own, fetched when the user reaches for
 * the button: the dashboard itself needs no zod (docs/performance/2026-11-24.md, "Web, first visit
 * (2026-11-24, evening)").
 */
const loadAddCaseDialog = () => import('./add-case-dialog');

/** The dialog's code, fetched on the first wish to add a case; the button shows it loading meanwhile. */
function useAddCaseDialog() {
  const dialog = useCodeOnDemand(loadAddCaseDialog, 'cases.addDialog.loadFailed');
  const [opened, { open, close }] = useDisclosure(false);
  return { AddCaseDialog: dialog.code?.AddCaseDialog ?? null, opened, close, start: () => dialog.use(open), preload: dialog.preload, loading: dialog.loading };
}

/** The dashboard's two views of the same filters (`?view=map`). */
const VIEWS = ['list', 'map'] as const;

/** How long typing must pause before the list asks the server again. */
export const SEARCH_DEBOUNCE_MS = 300;

/** What the dashboard hands its map view: the same filters as its list. */
export interface DashboardMapFilters {
  type: TypeTab;
  search: string | undefined;
}

/**
 * The dashboard: summary tiles, 'Add case', search, type tabs and the paged list of cases, or (given
 * `map`, `?view=map`) the map of the same filters (docs/product.md#the-map).
 */
export function CaseDashboard({ me, map }: { me: Me; map?: (filters: DashboardMapFilters) => ReactNode }) {
  const t = useT();
  // On a narrow screen the table becomes cards.
  const narrow = useNarrowScreen();
  const [params, setParams] = useSearchParams();
  const filters = readDashboardFilters(params);
  const [searchText, setSearchText] = useState(filters.search);
  const addDialog = useAddCaseDialog();
  const tabList = useActiveTabInView<HTMLDivElement>(filters.type);
  // Admin and Founder: Undo after a delete, and the way to the deleted cases.
  const canRestore = can(me.role, 'case.restore');

  const update = useCallback(
    (change: { type?: TypeTab; search?: string; page?: number }) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          // Any new tab or search starts again at page 1.
          const merged = { ...readDashboardFilters(current), page: 1, ...change };
          if (merged.type === 'All') next.delete('type');
          else next.set('type', merged.type);
          if (merged.search) next.set('q', merged.search);
          else next.delete('q');
          if (merged.page > 1) next.set('page', String(merged.page));
          else next.delete('page');
          return next;
        },
        // The list's own controls keep the scroll position; a new page opens at the top (PageChange).
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  // One letter matches most cases and tells the user little: the search starts at two.
  const searchLater = useDebouncedCallback((text: string) => update({ search: text.trim().length >= MIN_SEARCH_LENGTH ? text.trim() : '' }), SEARCH_DEBOUNCE_MS);

  const cases = useCases(dashboardListParams(filters));
  const showMap = map !== undefined && params.get('view') === 'map';
  const setView = (view: 'list' | 'map') =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (view === 'map') next.set('view', 'map');
        else next.delete('view');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  useEffect(() => {
    if (cases.error) notifyError(cases.error);
  }, [cases.error]);

  // A deletion can empty the last page: show the one before it.
  const total = cases.data?.meta.total;
  const lastPage = total === undefined ? undefined : Math.max(1, Math.ceil(total / CASE_PAGE_SIZE));
  const outOfRange = lastPage !== undefined && filters.page > lastPage && !cases.isPlaceholderData;
  useEffect(() => {
    if (outOfRange && lastPage !== undefined) update({ page: lastPage });
  }, [outOfRange, lastPage, update]);

  return (
    <Stack gap="md">
      <CaseTiles counts={cases.data?.meta.counts} />
      <Paper withBorder radius="md" p={{ base: 'sm', xs: 'md' }}>
        {/* Beside the sidebar (from 500px) a tablet's row is narrower than a phone: the buttons wrap below the search. */}
        <Flex className={dashboardClasses.toolbar} direction={{ base: 'column-reverse', xs: 'row' }} wrap={{ base: 'nowrap', xs: 'wrap' }} gap="sm" mb="sm">
          <TextInput
            flex={{ base: 1, xs: '1 1 240px' }}
            size="md"
            type="search"
            classNames={{ input: dashboardClasses.search }}
            aria-label={t('cases.dashboard.searchLabel')}
            placeholder={t('cases.dashboard.searchPlaceholder')}
            leftSection={<IconSearch size={18} stroke={1.6} />}
            value={searchText}
            description={searchText.trim().length === 1 ? t('cases.dashboard.searchTooShort') : undefined}
            onChange={(event) => {
              setSearchText(event.currentTarget.value);
              searchLater(event.currentTarget.value);
            }}
            rightSection={
              searchText ? (
                <CloseButton
                  className={touch.target}
                  aria-label={t('cases.dashboard.clearSearch')}
                  onClick={() => {
                    searchLater.cancel();
                    setSearchText('');
                    update({ search: '' });
                  }}
                />
              ) : null
            }
          />
          {/* Every page of the current tab and search, as CSV (docs/reports.md#csv-files). */}
          <ExportButton size="md" path="/export/cases" body={{ type: filters.type, ...(filters.search.length >= MIN_SEARCH_LENGTH ? { search: filters.search } : {}) }} />
          <Button size="md" leftSection={<IconPlus size={18} />} loading={addDialog.loading} onClick={addDialog.start} onPointerEnter={addDialog.preload} onFocus={addDialog.preload}>
            {t('cases.dashboard.addCase')}
          </Button>
        </Flex>

        {map ? (
          <Group justify="flex-end" mb="sm">
            <Button.Group aria-label={t('map.view.label')}>
              {VIEWS.map((view) => (
                <Button key={view} size="md" variant={showMap === (view === 'map') ? 'filled' : 'default'} aria-pressed={showMap === (view === 'map')} onClick={() => setView(view)}>
                  {t(view === 'map' ? 'map.view.map' : 'map.view.list')}
                </Button>
              ))}
            </Button.Group>
          </Group>
        ) : null}

        <Tabs value={filters.type} onChange={(value) => value && update({ type: value as TypeTab })}>
          <Tabs.List className={classes.list} mb="md" ref={tabList}>
            {TYPE_TABS.map((type) => (
              <Tabs.Tab key={type} value={type} className={classes.tab}>
                {type === 'All' ? t('common.all') : t(optionKey('caseType', type))}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={filters.type}>
            {showMap ? (
              map({ type: filters.type, search: filters.search.length >= MIN_SEARCH_LENGTH ? filters.search : undefined })
            ) : cases.isError && !cases.data ? (
              <StatusPanel
                icon={<IconAlertTriangle size={28} />}
                color="red"
                action={
                  <Button onClick={() => void cases.refetch()} loading={cases.isFetching}>
                    {t('cases.common.tryAgain')}
                  </Button>
                }
              >
                {cases.error.message}
              </StatusPanel>
            ) : (
              <CaseList
                page={cases.data}
                refreshing={cases.isPlaceholderData}
                search={filters.search}
                canDelete={can(me.role, 'case.delete')}
                canRestore={canRestore}
                showNgo={me.role === 'Admin'}
                narrow={narrow}
                onPageChange={(page) => update({ page })}
              />
            )}
          </Tabs.Panel>
        </Tabs>
      </Paper>

      {canRestore ? (
        <Group justify="flex-end">
          <Button component={Link} to="/dashboard/deleted" variant="subtle" size={narrow ? 'md' : 'sm'} mih={narrow ? 44 : undefined} leftSection={<IconTrash size={18} stroke={1.6} aria-hidden />}>
            {t('cases.dashboard.deletedCases')}
          </Button>
        </Group>
      ) : null}

      {addDialog.AddCaseDialog ? <addDialog.AddCaseDialog opened={addDialog.opened} onClose={addDialog.close} me={me} /> : null}
    </Stack>
  );
}
