import { useMemo, useState } from 'react';
import { Badge, Group, SegmentedControl, Text } from '@mantine/core';
import { optionKey, type ListInput, type Me, type Role, type Translate, type User, type UserListStatus } from '@rescuedesk/shared';
import { DirectoryList, type DirectoryColumn } from '../../../components/directory/directory-list';
import { ViewLink } from '../../../components/directory/record-actions';
import { useDirectoryList } from '../../../components/directory/use-directory-list';
import { useNarrowScreen } from '../../../hooks/use-narrow-screen';
import { useT } from '../../../lib/i18n/use-t';
import { useUsers } from '../api/get-users';
import { USER_FORM_PATH, USER_LIST, userFormPath } from '../paths';
import { DeactivateUserButton } from './deactivate-user-button';
import { ReactivateUserButton } from './reactivate-user-button';
import classes from './user-list.module.css';

const ROLE_COLOURS: Readonly<Record<Role, string>> = {
  Admin: 'grape',
  Founder: 'teal',
  Manager: 'blue',
  Worker: 'gray',
  Committee: 'orange',
};

/** Which accounts the list shows, in the order the filter offers them. */
const STATUS_FILTERS = [
  { value: 'active', labelKey: 'directory.user.filterActive' },
  { value: 'deactivated', labelKey: 'directory.user.filterDeactivated' },
  { value: 'all', labelKey: 'directory.user.filterAll' },
] as const satisfies ReadonlyArray<{ value: UserListStatus; labelKey: string }>;

/** Whether the account can sign in: the Status column, and on a phone card a line of its own. */
function StatusBadge({ user, t }: { user: User; t: Translate }) {
  return user.active ? (
    <Badge variant="light" color="teal" radius="sm" tt="none" fw={600} size="sm" miw="max-content">
      {t('directory.user.activeBadge')}
    </Badge>
  ) : (
    <Badge variant="outline" color="red" radius="sm" tt="none" fw={600} size="sm" miw="max-content" className={classes.deactivated}>
      {t('directory.user.deactivatedBadge')}
    </Badge>
  );
}

function columnsFor(me: Me, t: Translate): DirectoryColumn<User>[] {
  return [
    {
      header: t('directory.user.nameColumn'),
      cell: (user, view) =>
        view === 'card' ? (
          user.name
        ) : (
          <>
            <Text size="sm" fw={500} c={user.active ? undefined : 'dimmed'}>
              {user.name}
            </Text>
            <Text size="xs" c="dimmed">
              {user.username}
            </Text>
          </>
        ),
      card: 'title',
    },
    { header: t('field.email'), cell: (user) => user.email },
    {
      header: t('directory.user.roleColumn'),
      cell: (user) => (
        // Never narrower than its word: beside the sidebar the table's columns get tight, and 'Manager' was cut to 'M'.
        <Badge variant="light" color={ROLE_COLOURS[user.role]} radius="sm" tt="none" fw={600} miw="max-content">
          {t(optionKey('role', user.role))}
        </Badge>
      ),
    },
    // Only an Admin's list spans NGOs; everyone else sees their own NGO's users.
    ...(me.role === 'Admin' ? [{ header: t('field.ngo'), cell: (user: User) => user.ngoName ?? t('directory.user.noNgo') }] : []),
    { header: t('directory.user.statusColumn'), cell: (user) => <StatusBadge user={user} t={t} /> },
    {
      header: t('directory.user.actionsColumn'),
      cell: (user, view) => {
        const buttons = (
          <>
            <ViewLink to={userFormPath(user.id)} name={user.name} view={view} />
            {user.active ? <DeactivateUserButton me={me} user={user} view={view} /> : <ReactivateUserButton me={me} user={user} view={view} />}
          </>
        );
        // A card lays its actions out itself; in the table they share one cell.
        return view === 'card' ? buttons : (
          <Group gap="xs" wrap="nowrap">
            {buttons}
          </Group>
        );
      },
      card: 'action',
    },
  ];
}

/** The list's search and NGO, without its paging: the export holds every page. */
function exportFilter({ page: _page, pageSize: _pageSize, ...filter }: ListInput): object {
  return filter;
}

export function UserList({ me }: { me: Me }) {
  const t = useT();
  const narrow = useNarrowScreen();
  const list = useDirectoryList();
  const [status, setStatus] = useState<UserListStatus>('active');
  const users = useUsers({ ...list.params, status });
  const columns = useMemo(() => columnsFor(me, t), [me, t]);
  return (
    <DirectoryList
      title={t(USER_LIST.titleKey)}
      add={{ label: t('page.addUser'), to: USER_FORM_PATH }}
      searchPlaceholder={t('directory.user.search')}
      texts={{
        noneYet: t('directory.user.noneYet'),
        noneFound: t('directory.user.noneFound'),
        loadFailed: t('directory.user.loadFailed'),
        loading: t('directory.user.loading'),
      }}
      state={list}
      query={users}
      columns={columns}
      rowLabel={(user) => user.name}
      withNgoFilter={me.role === 'Admin'}
      exportTo={{ path: '/export/users', body: { ...exportFilter(list.params), status } }}
      filters={
        <SegmentedControl
          aria-label={t('directory.user.statusFilter')}
          classNames={{ root: classes.statusFilter, label: classes.filterLabel }}
          fullWidth={narrow}
          size={narrow ? 'md' : 'sm'}
          value={status}
          onChange={(value) => {
            setStatus(value as UserListStatus);
            list.setPage(1);
          }}
          data={STATUS_FILTERS.map((filter) => ({ value: filter.value, label: t(filter.labelKey) }))}
        />
      }
      filtered={status === 'deactivated' ? { title: t('directory.user.noneDeactivated'), description: t('directory.user.noneDeactivatedHint') } : undefined}
    />
  );
}
