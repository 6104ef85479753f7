import { useId } from 'react';
import { Button, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { canAssignRole, optionKey, type Me, type User } from '@rescuedesk/shared';
import type { DirectoryView } from '../../../components/directory/directory-list';
import { useT } from '../../../lib/i18n/use-t';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useReactivateUser } from '../api/reactivate-user';

interface ReactivateUserButtonProps {
  me: Me;
  user: User;
  view: DirectoryView;
}

/**
 * A deactivated account's Status action: one tap brings it back (it can sign in again). Whoever may
 * deactivate an account of that role may reactivate it; for anyone else the button says why not.
 */
export function ReactivateUserButton({ me, user, view }: ReactivateUserButtonProps) {
  const t = useT();
  const reactivate = useReactivateUser();
  const reasonId = useId();
  const unavailable = canAssignRole(me.role, user.role)
    ? undefined
    : t('directory.user.cannotManage', { actorRole: t(optionKey('role', me.role)), role: t(optionKey('role', user.role)) });

  const button = (
    <Button
      variant="light"
      color="teal"
      size={view === 'card' ? 'md' : 'xs'}
      // A phone's card: a 44 px touch target (Mantine's md is 42 px).
      mih={view === 'card' ? 44 : undefined}
      flex={view === 'card' ? 1 : undefined}
      leftSection={<IconUserCheck size={view === 'card' ? 18 : 14} stroke={1.7} aria-hidden />}
      loading={reactivate.isPending}
      aria-label={t('directory.user.reactivateLabel', { name: user.name })}
      // Unavailable: still focusable, so a keyboard reaches the tooltip and a screen reader hears why.
      data-disabled={unavailable !== undefined || undefined}
      aria-disabled={unavailable !== undefined || undefined}
      aria-describedby={unavailable !== undefined ? reasonId : undefined}
      onClick={
        unavailable !== undefined
          ? undefined
          : () =>
              reactivate.mutate(user.id, {
                onSuccess: () => notifySuccess(t('directory.user.reactivated')),
                onError: notifyError,
              })
      }
    >
      {t('directory.user.reactivate')}
    </Button>
  );

  if (unavailable === undefined) return button;
  return (
    <>
      <Tooltip label={unavailable} events={{ hover: true, focus: true, touch: true }}>
        {button}
      </Tooltip>
      <VisuallyHidden id={reasonId}>{unavailable}</VisuallyHidden>
    </>
  );
}
