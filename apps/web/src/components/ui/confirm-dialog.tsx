import type { ReactNode } from 'react';
import { Button, Flex, Modal, Text } from '@mantine/core';
import { useDrawnOnceOpened } from '../../hooks/use-drawn-once-opened';
import { useT } from '../../lib/i18n/use-t';

/** Titles of the app's dialogs stand out from their text. */
export const DIALOG_STYLES = { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } };

/**
 * The dialog's X, a touch target a thumb can hit (44 px on phones). theme.ts names it (Close, in
 * the current language) for screen readers.
 */
export const DIALOG_CLOSE_BUTTON_PROPS = { size: 'lg' } as const;

interface ConfirmDialogProps {
  opened: boolean;
  /** The question: 'Confirm delete case', 'Discard unsaved changes?'. */
  title: string;
  /** What confirming does, in a sentence. */
  message: ReactNode;
  /** The red button: 'Delete', 'Discard'. */
  confirmLabel: string;
  /** The safe answer: Cancel unless told otherwise (Stay). */
  cancelLabel?: string;
  onConfirm: () => void;
  /** Cancel, the X, Escape and a click outside. */
  onCancel: () => void;
  /** The confirmed action is on its way: its button shows a spinner. */
  pending?: boolean;
}

/**
 * The app's one confirmation: a question, the safe answer and the destructive one. The safe answer
 * has the focus, so Enter never destroys anything by accident. On a phone both buttons span the
 * width, the destructive one on top; from `xs` up they sit side by side at the right. Closing the
 * dialog afterwards is the caller's choice (at once, or once the action has succeeded). It is drawn
 * only from the first time it opens (hooks/use-drawn-once-opened.ts).
 */
export function ConfirmDialog({ opened, title, message, confirmLabel, cancelLabel, onConfirm, onCancel, pending = false }: ConfirmDialogProps) {
  const t = useT();
  const dialog = useDrawnOnceOpened(opened);
  if (!dialog.drawn) return null;
  return (
    <Modal
      opened={dialog.opened}
      onClose={onCancel}
      title={title}
      centered
      size="sm"
      styles={DIALOG_STYLES}
      closeButtonProps={DIALOG_CLOSE_BUTTON_PROPS}
    >
      <Text size="sm">{message}</Text>
      <Flex direction={{ base: 'column-reverse', xs: 'row' }} gap="xs" justify="flex-end" mt="lg">
        <Button variant="default" size="md" onClick={onCancel} data-autofocus>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button color="red" size="md" loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Flex>
    </Modal>
  );
}
