import { canAssignRole, optionKey, type Me, type User } from '@rescuedesk/shared';
import type { DirectoryView } from '../../../components/directory/directory-list';
import { ConfirmDeleteButton } from '../../../components/directory/record-actions';
import { useT } from '../../../lib/i18n/use-t';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeactivateUser } from '../api/deactivate-user';

interface DeactivateUserButtonProps {
  me: Me;
  user: User;
  view: DirectoryView;
}

/** The Status column's delete icon: asks, then deactivates the account and reloads the list. */
export function DeactivateUserButton({ me, user, view }: DeactivateUserButtonProps) {
  const t = useT();
  const deactivate = useDeactivateUser();
  // The server refuses both; the icon says why before anyone tries.
  const unavailable =
    user.id === me.id
      ? t('directory.user.cannotDeactivateSelf')
      : canAssignRole(me.role, user.role)
        ? undefined
        : t('directory.user.cannotManage', { actorRole: t(optionKey('role', me.role)), role: t(optionKey('role', user.role)) });

  return (
    <ConfirmDeleteButton
      view={view}
      label={t('directory.user.deactivateLabel', { name: user.name })}
      title={t('directory.user.deactivateTitle')}
      message={t('directory.user.deactivateMessage', { name: user.name })}
      confirmLabel={t('directory.user.deactivate')}
      pending={deactivate.isPending}
      disabled={unavailable !== undefined}
      disabledReason={unavailable}
      onConfirm={() =>
        deactivate.mutate(user.id, {
          onSuccess: () => notifySuccess(t('directory.user.deactivated')),
          onError: notifyError,
        })
      }
    />
  );
}
