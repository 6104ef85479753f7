import { memo, useDeferredValue, useEffect, useRef, type ReactNode } from 'react';
import { Badge, Button, EmptyState, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconFolderOpen, IconPencil, IconSearchOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { optionKey, type CaseListItem, type CaseType } from '@rescuedesk/shared';
import { PAGE_CONTROL_KEYS } from '../../../components/ui/list-pagination';
import { UnsyncedBadge } from '../offline/unsynced-badge';
import { useMediaMatch } from '../../../hooks/use-media-match';
import { formatDate, formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { useUnsyncedCount } from '../offline/use-case-outbox';
import type { CasePage } from '../api/get-cases';
import { CaseStatusSelect } from './case-status-select';
import classes from './case-list.module.css';
import { DeleteCaseButton } from './delete-case-button';
import saved from './saved-case.module.css';
import { useSavedCaseId } from './saved-case';

interface CaseListProps {
  page: CasePage | undefined;
  /** True while the next page, tab or search loads (the previous rows stay visible). */
  refreshing: boolean;
  /** What was searched, for the empty state. */
  search: string;
  canDelete: boolean;
  /** Admin and Founder: a delete's toast offers Undo. */
  canRestore: boolean;
  /** Admin: each case names its NGO. */
  showNgo: boolean;
  /** A phone (500px and narrower): the pager's buttons are 44 px touch targets. */
  narrow: boolean;
  onPageChange: (page: number) => void;
}

const NONE = '—';

/**
 * Below theme.breakpoints.sm (768px) cases are cards: the table's columns (number and type, reported
 * date, animal ID, status, reporter, location, creator, and the NGO for an Admin) need a desk's width.
 */
const CARDS_QUERY = '(max-width: 47.99em)';

const NARROW_PAGER_STYLES = { dots: { minWidth: 20, width: 20 } };

function editLink(item: CaseListItem): string {
  return `/dashboard/case?id=${item.id}`;
}

/**
 * The rows drawn with the page itself; the others follow at once in a deferred render, which React
 * does in slices. On a slow phone a page of fifty cards drawn in one piece kept the heading, the
 * tiles and the first cases waiting for the last one, and a tap waited too
 * (docs/performance/2026-11-24.md, "Web, first visit (2026-11-24, afternoon)").
 */
const FIRST_ROWS = 6;

/**
 * The room kept for the rows not drawn yet (a card's placeholder height, as its content-visibility
 * gives it, or a table row's), so that what lies below the list stays below the screen meanwhile:
 * the charts load once their place comes near the screen (dashboard-charts-slot.tsx).
 */
const PENDING_ROW_PX = { card: 300, tableRow: 52 };

/** The dashboard's cases: a table on wide screens, readable cards on a phone, paged by the server. */
export function CaseList({ page, refreshing, search, canDelete, canRestore, showNgo, narrow, onPageChange }: CaseListProps) {
  const t = useT();
  const cards = useMediaMatch(CARDS_QUERY);
  // Another page, tab or search: its rows replace the previous ones in one deferred render too.
  const rows = useDeferredValue(page?.data, page?.data.slice(0, FIRST_ROWS));
  if (!page || !rows) return <LoadingRows />;

  const { meta } = page;
  if (page.data.length === 0) {
    return search ? (
      <EmptyState
        py="xl"
        icon={<IconSearchOff size={32} stroke={1.5} />}
        title={t('cases.list.noResultsTitle')}
        description={t('cases.list.noResultsDescription', { search })}
      />
    ) : (
      <EmptyState
        py="xl"
        icon={<IconFolderOpen size={32} stroke={1.5} />}
        title={t('cases.list.emptyTitle')}
        description={t('cases.list.emptyDescription', { label: t('cases.dashboard.addCase') })}
      />
    );
  }

  const pages = Math.max(1, Math.ceil(meta.total / meta.pageSize));
  const first = (meta.page - 1) * meta.pageSize + 1;
  const last = first + page.data.length - 1;

  return (
    <Stack gap="md" style={{ opacity: refreshing ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={refreshing || rows !== page.data}>
      {cards ? (
        <CaseCards rows={rows} canDelete={canDelete} canRestore={canRestore} showNgo={showNgo} />
      ) : (
        <CaseTable rows={rows} canDelete={canDelete} canRestore={canRestore} showNgo={showNgo} />
      )}
      {rows.length < page.data.length ? <div aria-hidden style={{ height: (page.data.length - rows.length) * (cards ? PENDING_ROW_PX.card : PENDING_ROW_PX.tableRow) }} /> : null}
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {t('cases.list.range', { first: formatNumber(first), last: formatNumber(last), total: formatNumber(meta.total), count: meta.total })}
        </Text>
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={meta.page}
            onChange={onPageChange}
            // 44 px controls on a phone, a thumb's touch target; the dots (not buttons) and the gaps
            // narrower, so that first, current and last page with both arrows fit one row at 360 px.
            size={narrow ? 'xl' : 'md'}
            gap={narrow ? 6 : undefined}
            styles={narrow ? NARROW_PAGER_STYLES : undefined}
            siblings={narrow ? 0 : 1}
            getControlProps={(control) => ({ 'aria-label': t(PAGE_CONTROL_KEYS[control]) })}
            getItemProps={(item) => ({ 'aria-label': t('cases.list.page', { page: item }) })}
          />
        ) : null}
      </Group>
    </Stack>
  );
}

/** A table's case column: the number, and the type under it (one column, so ten fit a desk's width). */
export function CaseNumberAndType({ id, type }: { id: number; type: CaseType }) {
  const t = useT();
  return (
    <>
      <span className={classes.caseNumber}>{t('cases.dashboard.caseNumber', { id })}</span>{' '}
      <span className={classes.caseType}>{t(optionKey('caseType', type))}</span>
    </>
  );
}

/** The case's changes made on this device and not sent yet (docs/decisions/012). */
function CaseUnsynced({ id }: { id: number }) {
  return <UnsyncedBadge count={useUnsyncedCount(id)} />;
}

/** What each row may offer, by the signed-in user's role. */
interface RowOptions {
  canDelete: boolean;
  /** Admin and Founder: a delete's toast offers Undo. */
  canRestore: boolean;
  /** Admin: the list spans NGOs, so each case names its NGO. */
  showNgo: boolean;
}

/** The reporter step's landmark and pincode, under the location. */
function placeDetail(item: CaseListItem): string | null {
  const parts = [item.landmark, item.pincode].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' · ') : null;
}

function Place({ item }: { item: CaseListItem }) {
  const detail = placeDetail(item);
  return (
    <>
      {item.location ?? NONE}
      {detail ? <span className={classes.placeDetail}>{detail}</span> : null}
    </>
  );
}

/**
 * A table cell's text cut to its column with an ellipsis: the whole text on hover (title) and, once
 * cut, on keyboard focus (the cell takes the focus and shows it wrapped). Screen readers read it whole.
 */
function Cut({ text, className }: { text: string | null; className?: string }) {
  if (!text) return <>{NONE}</>;
  return (
    <span className={`${classes.cut} ${className ?? ''}`} title={text} data-cut="">
      {text}
    </span>
  );
}

/**
 * The table's cut texts take the keyboard's focus only where their ellipsis hides something, so the
 * Tab key does not stop at every short name. Measured again when the table's width changes.
 */
function useFocusableWhereCut() {
  const ref = useRef<HTMLTableElement>(null);
  useEffect(() => {
    const table = ref.current;
    if (!table) return;
    const mark = () => {
      for (const cut of table.querySelectorAll<HTMLElement>('[data-cut]')) {
        if (cut === document.activeElement) continue;
        if (cut.scrollWidth > cut.clientWidth) cut.tabIndex = 0;
        else cut.removeAttribute('tabindex');
      }
    };
    mark();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(mark);
    observer.observe(table);
    return () => observer.disconnect();
  });
  return ref;
}

/**
 * The table and the cards are memoised: drawn again only for other rows or options. The list above
 * them is drawn again at every change of its page's query (a refetch's answer, a kept copy), and with
 * the rows deferred (FIRST_ROWS) it would otherwise draw the fifty old rows at once, then the new.
 */
const CaseTable = memo(function CaseTable({ rows, canDelete, canRestore, showNgo }: { rows: CaseListItem[] } & RowOptions) {
  const t = useT();
  const savedId = useSavedCaseId();
  const tableRef = useFocusableWhereCut();
  return (
    <Table.ScrollContainer minWidth={showNgo ? 900 : 820}>
      <Table ref={tableRef} verticalSpacing="sm" horizontalSpacing="xs" highlightOnHover className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('cases.list.action')}</Table.Th>
            <Table.Th>{t('cases.dashboard.caseColumn')}</Table.Th>
            <Table.Th>{t('cases.dashboard.reportedColumn')}</Table.Th>
            <Table.Th>{t('field.uniqueID')}</Table.Th>
            <Table.Th>{t('field.statusShort')}</Table.Th>
            <Table.Th>{t('cases.dashboard.reporterColumn')}</Table.Th>
            <Table.Th>{t('field.location')}</Table.Th>
            <Table.Th>{t('cases.list.createdBy')}</Table.Th>
            {showNgo ? <Table.Th>{t('field.ngo')}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((item) => (
            <Table.Tr key={item.id} className={item.id === savedId ? saved.saved : undefined}>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button component={Link} to={editLink(item)} size="xs" variant="light" leftSection={<IconPencil size={14} />} aria-label={t('cases.list.editCaseNamed', { id: item.id })}>
                    {t('cases.list.editCase')}
                  </Button>
                  {canDelete ? <DeleteCaseButton caseItem={item} size={30} canRestore={canRestore} /> : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <CaseNumberAndType id={item.id} type={item.type} />
                <CaseUnsynced id={item.id} />
              </Table.Td>
              <Table.Td className={classes.nowrap}>{item.reportedDate ? formatDate(item.reportedDate) : NONE}</Table.Td>
              <Table.Td>{item.uniqueID ?? NONE}</Table.Td>
              <Table.Td>
                <CaseStatusSelect caseItem={item} size="sm" />
              </Table.Td>
              <Table.Td className={classes.person}>
                <Cut text={item.reporterName} />
              </Table.Td>
              <Table.Td className={classes.place}>
                <Cut text={item.location} />
                {placeDetail(item) ? <Cut text={placeDetail(item)} className={classes.placeDetail} /> : null}
              </Table.Td>
              <Table.Td className={classes.person}>
                <Cut text={item.createdBy} />
              </Table.Td>
              {showNgo ? (
                <Table.Td className={classes.person}>
                  <Cut text={item.ngoName} />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
});

function Detail({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? classes.wide : undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const CaseCards = memo(function CaseCards({ rows, canDelete, canRestore, showNgo }: { rows: CaseListItem[] } & RowOptions) {
  const t = useT();
  const savedId = useSavedCaseId();
  return (
    <ul className={classes.cards} aria-label={t('cases.list.cards')}>
      {rows.map((item) => (
        <li key={item.id} className={item.id === savedId ? `${classes.card} ${saved.saved}` : classes.card} aria-label={t('cases.common.caseNumber', { id: item.id })}>
          <div className={classes.head}>
            <div className={classes.who}>
              <p className={classes.name}>{item.reporterName ?? t('cases.list.reporterMissing')}</p>
              <p className={classes.number}>{t('cases.common.caseNumber', { id: item.id })}</p>
              <CaseUnsynced id={item.id} />
            </div>
            <Badge variant="light" style={{ flexShrink: 0 }}>
              {t(optionKey('caseType', item.type))}
            </Badge>
          </div>
          <dl className={classes.details}>
            <Detail label={t('cases.dashboard.reportedColumn')}>{item.reportedDate ? formatDate(item.reportedDate) : NONE}</Detail>
            <Detail label={t('field.uniqueID')}>{item.uniqueID ?? NONE}</Detail>
            <Detail label={t('field.location')} wide>
              <Place item={item} />
            </Detail>
            <Detail label={t('cases.list.createdBy')}>{item.createdBy ?? NONE}</Detail>
            {showNgo ? <Detail label={t('field.ngo')}>{item.ngoName ?? NONE}</Detail> : null}
          </dl>
          <CaseStatusSelect caseItem={item} size="md" />
          <div className={classes.actions}>
            <Button component={Link} to={editLink(item)} size="md" mih={44} variant="light" flex={1} leftSection={<IconPencil size={18} />} aria-label={t('cases.list.editCaseNamed', { id: item.id })}>
              {t('cases.list.editCase')}
            </Button>
            {canDelete ? <DeleteCaseButton caseItem={item} size={44} canRestore={canRestore} /> : null}
          </div>
        </li>
      ))}
    </ul>
  );
});

function LoadingRows() {
  const t = useT();
  return (
    <Stack gap="sm" role="status" aria-label={t('cases.list.loading')}>
      {[0, 1, 2, 3].map((n) => (
        <Skeleton key={n} height={44} radius="md" />
      ))}
    </Stack>
  );
}
