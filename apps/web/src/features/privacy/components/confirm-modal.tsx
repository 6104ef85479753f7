import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useT } from '../../../lib/i18n/use-t';

interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  message: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
}

/** Asks before a change that cannot be undone (anonymising, erasing): Cancel, or the red action. */
export function ConfirmModal({ opened, onClose, title, message, confirmLabel, busy, onConfirm }: ConfirmModalProps) {
  const t = useT();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text>{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={onClose}>
            {t('privacy.retention.cancel')}
          </Button>
          <Button color="red" size="md" loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
