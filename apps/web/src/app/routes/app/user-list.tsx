import { UserList } from '../../../features/users/components/user-list';
import { useSignedInUser } from './signed-in-user';

export default function UserListRoute() {
  return <UserList me={useSignedInUser()} />;
}
