import { canAssignRole, type Me, type User } from '@rescuedesk/shared';
import type { DirectoryView } from '../../../components/directory/directory-list';
import { ConfirmDeleteButton } from '../../../components/directory/record-actions';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeactivateUser } from '../api/deactivate-user';

interface DeactivateUserButtonProps {
  me: Me;
  user: User;
  view: DirectoryView;
}

/** The Status column's delete icon: asks, then deactivates the account and reloads the list. */
export function DeactivateUserButton({ me, user, view }: DeactivateUserButtonProps) {
  const deactivate = useDeactivateUser();
  // The server refuses both; the icon says why before anyone tries.
  const unavailable =
    user.id === me.id
      ? 'You cannot deactivate your own account'
      : canAssignRole(me.role, user.role)
        ? undefined
        : `A ${me.role} cannot manage ${user.role} accounts`;

  return (
    <ConfirmDeleteButton
      view={view}
      label={`Deactivate ${user.name}`}
      title="Confirm deactivate user"
      message={`Are you sure you want to deactivate ${user.name}? They are signed out and can no longer sign in; their name stays on the cases they worked on.`}
      confirmLabel="Deactivate"
      pending={deactivate.isPending}
      disabled={unavailable !== undefined}
      disabledReason={unavailable}
      onConfirm={() =>
        deactivate.mutate(user.id, {
          onSuccess: () => notifySuccess('User deactivated successfully'),
          onError: notifyError,
        })
      }
    />
  );
}
