import { useId, useState } from 'react';
import { ActionIcon, Button, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEye, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useT } from '../../lib/i18n/use-t';
import type { DirectoryView } from './directory-list';

interface ViewLinkProps {
  /** The record's own form, with its id: '/vet/addvet?id=7'. */
  to: string;
  /** The record's name, so "View" says which record to screen readers. */
  name: string;
  view: DirectoryView;
}

/** A list row's View button: opens the record's own form in edit mode. */
export function ViewLink({ to, name, view }: ViewLinkProps) {
  const t = useT();
  return (
    <Button
      component={Link}
      to={to}
      variant="light"
      size={view === 'card' ? 'md' : 'xs'}
      flex={view === 'card' ? 1 : undefined}
      leftSection={<IconEye size={view === 'card' ? 18 : 14} stroke={1.7} aria-hidden />}
      aria-label={t('directory.record.view', { name })}
    >
      {t('common.view')}
    </Button>
  );
}

interface ConfirmDeleteProps {
  /** Texts in the user's language. Names the action and the record: 'Deactivate Asha Rao'. */
  label: string;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  pending: boolean;
  disabled?: boolean;
  /** Why the action is unavailable, shown as a tooltip when disabled. */
  disabledReason?: string;
  view: DirectoryView;
}

/**
 * A delete icon that asks first, as every confirm dialog does. When unavailable it stays
 * focusable (aria-disabled, not disabled), so a keyboard reaches its tooltip and a screen reader
 * hears why.
 */
export function ConfirmDeleteButton({ label, title, message, confirmLabel, onConfirm, pending, disabled = false, disabledReason, view }: ConfirmDeleteProps) {
  const [opened, setOpened] = useState(false);
  const reasonId = useId();
  const explained = disabled && disabledReason !== undefined;
  const icon = (
    <ActionIcon
      variant="light"
      color="red"
      // A phone's card: a 44 px touch target.
      size={view === 'card' ? 44 : 'lg'}
      aria-label={label}
      data-disabled={disabled || undefined}
      aria-disabled={disabled || undefined}
      aria-describedby={explained ? reasonId : undefined}
      onClick={disabled ? undefined : () => setOpened(true)}
    >
      <IconTrash size={view === 'card' ? 20 : 18} stroke={1.6} aria-hidden />
    </ActionIcon>
  );

  return (
    <>
      {explained ? (
        <>
          <Tooltip label={disabledReason} events={{ hover: true, focus: true, touch: true }}>
            {icon}
          </Tooltip>
          <VisuallyHidden id={reasonId}>{disabledReason}</VisuallyHidden>
        </>
      ) : (
        icon
      )}
      <ConfirmDialog
        opened={opened}
        title={title}
        message={message}
        confirmLabel={confirmLabel}
        pending={pending}
        onConfirm={() => {
          onConfirm();
          setOpened(false);
        }}
        onCancel={() => setOpened(false)}
      />
    </>
  );
}
