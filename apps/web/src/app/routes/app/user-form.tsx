import type { Me } from '@rescuedesk/shared';
import { BadIdPanel, RecordGate } from '../../../components/directory/record-gate';
import { useFormMode } from '../../../hooks/use-form-mode';
import { useT } from '../../../lib/i18n/use-t';
import { useUser } from '../../../features/users/api/get-user';
import { ResetTwoFactorSection } from '../../../features/users/components/reset-two-factor-section';
import { UserForm } from '../../../features/users/components/user-form';
import { USER_LIST } from '../../../features/users/paths';
import { useSignedInUser } from './signed-in-user';

/** /user/adduser adds a user; /user/adduser?id=7 edits user 7. */
export default function UserFormRoute() {
  const t = useT();
  const me = useSignedInUser();
  const mode = useFormMode();
  if (mode.kind === 'bad-id') return <BadIdPanel notFound={t('directory.user.notFound')} list={USER_LIST} />;
  if (mode.kind === 'add') return <UserForm me={me} />;
  return <EditUser key={mode.id} me={me} id={mode.id} />;
}

function EditUser({ me, id }: { me: Me; id: number }) {
  const t = useT();
  const user = useUser(id);
  return (
    <RecordGate query={user} texts={{ notFound: t('directory.user.notFound'), loadFailed: t('directory.user.loadOneFailed') }} list={USER_LIST}>
      {(record) => (
        <>
          <UserForm me={me} user={record} />
          <ResetTwoFactorSection me={me} user={record} />
        </>
      )}
    </RecordGate>
  );
}
