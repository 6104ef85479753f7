import { useMemo } from 'react';
import { Badge, Text } from '@mantine/core';
import type { Me, Role, User } from '@rescuedesk/shared';
import { DirectoryList, type DirectoryColumn } from '../../../components/directory/directory-list';
import { ViewLink } from '../../../components/directory/record-actions';
import { useDirectoryList } from '../../../components/directory/use-directory-list';
import { useUsers } from '../api/get-users';
import { USER_FORM_PATH, USER_LIST, userFormPath } from '../paths';
import { DeactivateUserButton } from './deactivate-user-button';

const ROLE_COLOURS: Readonly<Record<Role, string>> = {
  Admin: 'grape',
  Founder: 'teal',
  Manager: 'blue',
  Worker: 'gray',
};

function columnsFor(me: Me): DirectoryColumn<User>[] {
  return [
    {
      header: 'User Name',
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
    { header: 'Email', cell: (user) => user.email },
    {
      header: 'Type',
      cell: (user) => (
        <Badge variant="light" color={ROLE_COLOURS[user.role]} radius="sm" tt="none" fw={600}>
          {user.role}
        </Badge>
      ),
    },
    {
      header: 'Added User',
      cell: (user, view) => <ViewLink to={userFormPath(user.id)} name={user.name} view={view} />,
      card: 'action',
      width: 120,
    },
    {
      header: 'Status',
      cell: (user, view) => <DeactivateUserButton me={me} user={user} view={view} />,
      card: 'action',
      width: 90,
    },
  ];
}

export function UserList({ me }: { me: Me }) {
  const list = useDirectoryList();
  const users = useUsers(list.params);
  const columns = useMemo(() => columnsFor(me), [me]);
  return (
    <DirectoryList
      title={USER_LIST.title}
      add={{ label: 'Add User', to: USER_FORM_PATH }}
      searchPlaceholder="Search by Name / Email"
      noun="users"
      state={list}
      query={users}
      columns={columns}
      rowLabel={(user) => user.name}
      withNgoFilter={me.role === 'Admin'}
    />
  );
}
