import { useState } from 'react';
import { Button, Flex, Modal, Text } from '@mantine/core';
import { useDrawnOnceOpened } from '../../hooks/use-drawn-once-opened';
import { useT } from '../../lib/i18n/use-t';
import { appOutbox } from '../../lib/offline/app-outbox';
import { useOnline } from '../../lib/offline/shown-data';
import { useOutboxValue } from '../../lib/offline/use-outbox';
import { DIALOG_CLOSE_BUTTON_PROPS, DIALOG_STYLES } from '../ui/confirm-dialog';

/**
 * Signing out with changes not sent yet (docs/decisions/012): signing out deletes them from the
 * device, so the user is told how many and offered to send them first. Answers the logout handler
 * to give the shell, and the dialog to render.
 */
export function useLogoutGuard(logout: () => void): { onLogout: () => void; dialog: React.ReactNode } {
  const t = useT();
  const online = useOnline();
  // Two values, not the whole outbox: the shell that calls this is drawn again only when they change.
  const count = useOutboxValue(({ entries }) => entries.length);
  const syncing = useOutboxValue((snapshot) => snapshot.syncing);
  const [opened, setOpened] = useState(false);

  const onLogout = () => {
    if (appOutbox().getSnapshot().entries.length === 0) logout();
    else setOpened(true);
  };
  // Everything went out while the dialog was open: nothing stands in the way any more.
  const shown = useDrawnOnceOpened(opened && count > 0);

  const dialog = shown.drawn ? (
    <Modal opened={shown.opened} onClose={() => setOpened(false)} title={t('offline.outbox.logoutTitle')} centered styles={DIALOG_STYLES} closeButtonProps={DIALOG_CLOSE_BUTTON_PROPS}>
      <Text size="sm" mb="md">
        {t('offline.outbox.logoutBody', { count })}
      </Text>
      {online ? null : (
        <Text size="sm" c="dimmed" mb="md">
          {t('offline.outbox.logoutOffline')}
        </Text>
      )}
      <Flex direction={{ base: 'column', xs: 'row-reverse' }} gap="sm">
        <Button onClick={() => appOutbox().networkBack()} loading={syncing} disabled={!online} data-autofocus>
          {t('offline.outbox.logoutSync')}
        </Button>
        <Button
          color="red"
          variant="light"
          onClick={() => {
            setOpened(false);
            void appOutbox()
              .discardAll()
              .then(() => logout());
          }}
        >
          {t('offline.outbox.logoutAnyway')}
        </Button>
        <Button variant="default" onClick={() => setOpened(false)}>
          {t('common.cancel')}
        </Button>
      </Flex>
    </Modal>
  ) : null;
  return { onLogout, dialog };
}
