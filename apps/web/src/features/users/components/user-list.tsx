import { useMemo } from 'react';
import { Badge, Text } from '@mantine/core';
import { optionKey, type ListInput, type Me, type Role, type Translate, type User } from '@rescuedesk/shared';
import { DirectoryList, type DirectoryColumn } from '../../../components/directory/directory-list';
import { ViewLink } from '../../../components/directory/record-actions';
import { useDirectoryList } from '../../../components/directory/use-directory-list';
import { useT } from '../../../lib/i18n/use-t';
import { useUsers } from '../api/get-users';
import { USER_FORM_PATH, USER_LIST, userFormPath } from '../paths';
import { DeactivateUserButton } from './deactivate-user-button';

const ROLE_COLOURS: Readonly<Record<Role, string>> = {
  Admin: 'grape',
  Founder: 'teal',
  Manager: 'blue',
  Worker: 'gray',
};

function columnsFor(me: Me, t: Translate): DirectoryColumn<User>[] {
  return [
    {
      header: t('directory.user.nameColumn'),
      cell: (user, view) =>
        view === 'card' ? (
          user.name
        ) : (
          <>
            <Text size="sm" fw={500}>
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
      header: t('field.role'),
      cell: (user) => (
        <Badge variant="light" color={ROLE_COLOURS[user.role]} radius="sm" tt="none" fw={600}>
          {t(optionKey('role', user.role))}
        </Badge>
      ),
    },
    {
      header: t('directory.user.viewColumn'),
      cell: (user, view) => <ViewLink to={userFormPath(user.id)} name={user.name} view={view} />,
      card: 'action',
      width: 120,
    },
    {
      header: t('directory.user.statusColumn'),
      cell: (user, view) => <DeactivateUserButton me={me} user={user} view={view} />,
      card: 'action',
      width: 90,
    },
  ];
}

/** The list's search and NGO, without its paging: the export holds every page. */
function exportFilter({ page: _page, pageSize: _pageSize, ...filter }: ListInput): object {
  return filter;
}

export function UserList({ me }: { me: Me }) {
  const t = useT();
  const list = useDirectoryList();
  const users = useUsers(list.params);
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
      exportTo={{ path: '/export/users', body: exportFilter(list.params) }}
    />
  );
}
