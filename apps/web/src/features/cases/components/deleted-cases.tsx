import { useEffect, useState } from 'react';
import { Anchor, Badge, Breadcrumbs, Button, EmptyState, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp, IconTrashOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { optionKey, type DeletedCase, type Me } from '@rescuedesk/shared';
import { ListPagination } from '../../../components/ui/list-pagination';
import { PageTitle } from '../../../components/ui/page-title';
import { useMediaMatch } from '../../../hooks/use-media-match';
import { useNarrowScreen } from '../../../hooks/use-narrow-screen';
import { formatDate, formatDayMonthYearTime, formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { DELETED_CASES_PAGE_SIZE, useDeletedCases } from '../api/get-deleted-cases';
import { useRestoreCase } from '../api/restore-case';
import { CaseNumberAndType } from './case-list';
import classes from './case-list.module.css';

const NONE = '—';

/** As on the dashboard: below 768px the rows become cards. */
const CARDS_QUERY = '(max-width: 47.99em)';

/**
 * The 'Deleted cases' view (Admin and Founder, docs/product.md#deleting-a-case): the cases deleted
 * from the dashboard, the latest deletion first, with who deleted each and when, and Restore, which
 * puts a case back on the dashboard at once with everything it held.
 */
export function DeletedCases({ me }: { me: Me }) {
  const t = useT();
  const narrow = useNarrowScreen();
  const cards = useMediaMatch(CARDS_QUERY);
  const [page, setPage] = useState(1);
  const list = useDeletedCases({ page, pageSize: DELETED_CASES_PAGE_SIZE });
  const showNgo = me.role === 'Admin';

  useEffect(() => {
    if (list.error) notifyError(list.error);
  }, [list.error]);

  // Restoring the last row of the last page empties it: show the page before.
  const total = list.data?.meta.total;
  const pages = total === undefined ? 1 : Math.max(1, Math.ceil(total / DELETED_CASES_PAGE_SIZE));
  if (total !== undefined && page > pages) setPage(pages);

  return (
    <Stack gap="md">
      <Breadcrumbs fz="sm" className={classes.crumbs}>
        <Anchor component={Link} to="/dashboard">
          {t('nav.dashboard')}
        </Anchor>
        <Text size="sm" c="dimmed">
          {t('cases.deleted.title')}
        </Text>
      </Breadcrumbs>
      <div>
        <PageTitle>{t('cases.deleted.title')}</PageTitle>
        <Text c="dimmed" size="sm" mt={-8} maw={720}>
          {t('cases.deleted.intro')}
        </Text>
      </div>
      <Paper withBorder radius="md" p={{ base: 'sm', xs: 'md' }}>
        {list.data ? (
          list.data.data.length === 0 ? (
            <EmptyState
              py="xl"
              role="status"
              icon={<IconTrashOff size={32} stroke={1.5} aria-hidden />}
              title={t('cases.deleted.emptyTitle')}
              description={t('cases.deleted.emptyDescription')}
            />
          ) : (
            <Stack gap="md" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} aria-busy={list.isPlaceholderData}>
              {cards ? <DeletedCards rows={list.data.data} showNgo={showNgo} /> : <DeletedTable rows={list.data.data} showNgo={showNgo} />}
              <Group justify="space-between" gap="sm">
                <Text size="sm" c="dimmed" aria-live="polite">
                  {t('cases.deleted.range', {
                    first: formatNumber((list.data.meta.page - 1) * list.data.meta.pageSize + 1),
                    last: formatNumber((list.data.meta.page - 1) * list.data.meta.pageSize + list.data.data.length),
                    total: formatNumber(list.data.meta.total),
                  })}
                </Text>
                <ListPagination pages={pages} page={page} onChange={setPage} />
              </Group>
            </Stack>
          )
        ) : list.isError ? (
          <EmptyState
            py="xl"
            icon={<IconAlertTriangle size={32} stroke={1.5} aria-hidden />}
            color="red"
            title={t('cases.deleted.loadFailed')}
            description={list.error.message}
          >
            <EmptyState.Actions>
              <Button onClick={() => void list.refetch()} loading={list.isFetching} size={narrow ? 'md' : 'sm'}>
                {t('cases.common.tryAgain')}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <Stack gap="sm" role="status" aria-label={t('cases.deleted.loading')}>
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} height={44} radius="md" />
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

/** Restore: one tap, then the case is back on the dashboard (and leaves this list). */
function RestoreButton({ item, size }: { item: DeletedCase; size: 'xs' | 'md' }) {
  const t = useT();
  const restore = useRestoreCase();
  return (
    <Button
      size={size}
      // A phone's card: a 44 px touch target (Mantine's md is 42 px).
      mih={size === 'md' ? 44 : undefined}
      flex={size === 'md' ? 1 : undefined}
      variant="light"
      leftSection={<IconArrowBackUp size={size === 'md' ? 18 : 14} aria-hidden />}
      loading={restore.isPending}
      aria-label={t('cases.deleted.restoreLabel', { id: item.id })}
      onClick={() =>
        restore.mutate(item.id, {
          onSuccess: () => notifySuccess(t('cases.deleted.restored', { id: item.id })),
          onError: notifyError,
        })
      }
    >
      {t('cases.deleted.restore')}
    </Button>
  );
}

function DeletedTable({ rows, showNgo }: { rows: DeletedCase[]; showNgo: boolean }) {
  const t = useT();
  return (
    <Table.ScrollContainer minWidth={showNgo ? 880 : 800}>
      <Table verticalSpacing="sm" horizontalSpacing="xs" highlightOnHover className={classes.table} aria-label={t('cases.deleted.list')}>
        <Table.Thead>
          <Table.Tr>
            {/* First, as on the dashboard: beside the sidebar the table scrolls in its box, and Restore stays in view. */}
            <Table.Th>{t('cases.list.action')}</Table.Th>
            <Table.Th>{t('cases.dashboard.caseColumn')}</Table.Th>
            <Table.Th>{t('cases.dashboard.reportedColumn')}</Table.Th>
            <Table.Th>{t('field.uniqueID')}</Table.Th>
            <Table.Th>{t('cases.dashboard.reporterColumn')}</Table.Th>
            <Table.Th>{t('field.location')}</Table.Th>
            {showNgo ? <Table.Th>{t('field.ngo')}</Table.Th> : null}
            <Table.Th>{t('cases.deleted.deletedOn')}</Table.Th>
            <Table.Th>{t('cases.deleted.deletedBy')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <RestoreButton item={item} size="xs" />
              </Table.Td>
              <Table.Th scope="row" fw="normal">
                <CaseNumberAndType id={item.id} type={item.type} />
              </Table.Th>
              <Table.Td className={classes.nowrap}>{item.reportedDate ? formatDate(item.reportedDate) : NONE}</Table.Td>
              <Table.Td>{item.uniqueID ?? NONE}</Table.Td>
              <Table.Td>{item.reporterName ?? NONE}</Table.Td>
              <Table.Td maw={240}>{item.location ?? NONE}</Table.Td>
              {showNgo ? <Table.Td>{item.ngoName ?? NONE}</Table.Td> : null}
              <Table.Td>{formatDayMonthYearTime(item.deletedAt)}</Table.Td>
              <Table.Td>{item.deletedBy ?? NONE}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DeletedCards({ rows, showNgo }: { rows: DeletedCase[]; showNgo: boolean }) {
  const t = useT();
  return (
    <ul className={classes.cards} aria-label={t('cases.deleted.list')}>
      {rows.map((item) => (
        <li key={item.id} className={classes.card} aria-label={t('cases.common.caseNumber', { id: item.id })}>
          <div className={classes.head}>
            <div className={classes.who}>
              <p className={classes.name}>{item.reporterName ?? t('cases.list.reporterMissing')}</p>
              <p className={classes.number}>{t('cases.common.caseNumber', { id: item.id })}</p>
            </div>
            <Badge variant="light" style={{ flexShrink: 0 }}>
              {t(optionKey('caseType', item.type))}
            </Badge>
          </div>
          <dl className={classes.details}>
            <div>
              <dt>{t('cases.dashboard.reportedColumn')}</dt>
              <dd>{item.reportedDate ? formatDate(item.reportedDate) : NONE}</dd>
            </div>
            <div>
              <dt>{t('field.uniqueID')}</dt>
              <dd>{item.uniqueID ?? NONE}</dd>
            </div>
            <div className={classes.wide}>
              <dt>{t('field.location')}</dt>
              <dd>{item.location ?? NONE}</dd>
            </div>
            {showNgo ? (
              <div className={classes.wide}>
                <dt>{t('field.ngo')}</dt>
                <dd>{item.ngoName ?? NONE}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('cases.deleted.deletedOn')}</dt>
              <dd>{formatDayMonthYearTime(item.deletedAt)}</dd>
            </div>
            <div>
              <dt>{t('cases.deleted.deletedBy')}</dt>
              <dd>{item.deletedBy ?? NONE}</dd>
            </div>
          </dl>
          <div className={classes.actions}>
            <RestoreButton item={item} size="md" />
          </div>
        </li>
      ))}
    </ul>
  );
}
