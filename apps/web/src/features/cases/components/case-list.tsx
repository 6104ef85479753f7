import type { ReactNode } from 'react';
import { Badge, Button, EmptyState, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconFolderOpen, IconPencil, IconSearchOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { CaseListItem } from '@rescuedesk/shared';
import type { CasePage } from '../api/get-cases';
import { CaseStatusSelect } from './case-status-select';
import classes from './case-list.module.css';
import { DeleteCaseButton } from './delete-case-button';

interface CaseListProps {
  page: CasePage | undefined;
  /** True while the next page, tab or search loads (the previous rows stay visible). */
  refreshing: boolean;
  /** What was searched, for the empty state. */
  search: string;
  canDelete: boolean;
  /** At 500px and narrower the table becomes a list of cards. */
  narrow: boolean;
  onPageChange: (page: number) => void;
}

const NONE = '—';

function editLink(item: CaseListItem): string {
  return `/dashboard/case?id=${item.id}`;
}

/** The dashboard's cases: a table on wide screens, readable cards on a phone, paged by the server. */
export function CaseList({ page, refreshing, search, canDelete, narrow, onPageChange }: CaseListProps) {
  if (!page) return <LoadingRows />;

  const { data: rows, meta } = page;
  if (rows.length === 0) {
    return search ? (
      <EmptyState
        py="xl"
        icon={<IconSearchOff size={32} stroke={1.5} />}
        title="No cases found"
        description={`Nothing matches “${search}”. Try a reporter name, location, landmark, pincode, status or animal ID.`}
      />
    ) : (
      <EmptyState
        py="xl"
        icon={<IconFolderOpen size={32} stroke={1.5} />}
        title="No cases yet"
        description="Cases appear here once they are added. Use “Add case” when a call comes in."
      />
    );
  }

  const pages = Math.max(1, Math.ceil(meta.total / meta.pageSize));
  const first = (meta.page - 1) * meta.pageSize + 1;
  const last = first + rows.length - 1;

  return (
    <Stack gap="md" style={{ opacity: refreshing ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={refreshing}>
      {narrow ? <CaseCards rows={rows} canDelete={canDelete} /> : <CaseTable rows={rows} canDelete={canDelete} />}
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {first}–{last} of {meta.total} {meta.total === 1 ? 'case' : 'cases'}
        </Text>
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={meta.page}
            onChange={onPageChange}
            size={narrow ? 'lg' : 'md'}
            siblings={narrow ? 0 : 1}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        ) : null}
      </Group>
    </Stack>
  );
}

function CaseTable({ rows, canDelete }: { rows: CaseListItem[]; canDelete: boolean }) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Action</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Reporter Name</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>Landmark</Table.Th>
            <Table.Th>Pincode</Table.Th>
            <Table.Th>Created By</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button component={Link} to={editLink(item)} size="xs" variant="light" leftSection={<IconPencil size={14} />} aria-label={`Edit Case #${item.id}`}>
                    Edit Case
                  </Button>
                  {canDelete ? <DeleteCaseButton caseId={item.id} size={30} /> : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <CaseStatusSelect caseItem={item} size="sm" />
              </Table.Td>
              <Table.Td>{item.reporterName ?? NONE}</Table.Td>
              <Table.Td maw={260}>{item.location ?? NONE}</Table.Td>
              <Table.Td maw={200}>{item.landmark ?? NONE}</Table.Td>
              <Table.Td>{item.pincode ?? NONE}</Table.Td>
              <Table.Td>{item.createdBy ?? NONE}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function CaseCards({ rows, canDelete }: { rows: CaseListItem[]; canDelete: boolean }) {
  return (
    <ul className={classes.cards} aria-label="Cases">
      {rows.map((item) => (
        <li key={item.id} className={classes.card} aria-label={`Case #${item.id}`}>
          <div className={classes.head}>
            <div className={classes.who}>
              <p className={classes.name}>{item.reporterName ?? 'Reporter not recorded'}</p>
              <p className={classes.number}>Case #{item.id}</p>
            </div>
            <Badge variant="light" style={{ flexShrink: 0 }}>
              {item.type}
            </Badge>
          </div>
          <dl className={classes.details}>
            <Detail label="Location">{item.location ?? NONE}</Detail>
            <Detail label="Landmark">{item.landmark ?? NONE}</Detail>
            <Detail label="Pincode">{item.pincode ?? NONE}</Detail>
            <Detail label="Created By">{item.createdBy ?? NONE}</Detail>
          </dl>
          <CaseStatusSelect caseItem={item} size="md" />
          <div className={classes.actions}>
            <Button component={Link} to={editLink(item)} size="md" variant="light" flex={1} leftSection={<IconPencil size={18} />} aria-label={`Edit Case #${item.id}`}>
              Edit Case
            </Button>
            {canDelete ? <DeleteCaseButton caseId={item.id} size={42} /> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

function LoadingRows() {
  return (
    <Stack gap="sm" role="status" aria-label="Loading cases">
      {[0, 1, 2, 3].map((n) => (
        <Skeleton key={n} height={44} radius="md" />
      ))}
    </Stack>
  );
}
