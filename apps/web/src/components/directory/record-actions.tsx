import { useState } from 'react';
import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconEye, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../ui/confirm-dialog';
import type { DirectoryView } from './directory-list';

interface ViewLinkProps {
  /** The record's own form, with its id: '/vet/addvet?id=7'. */
  to: string;
  /** The record's name, so "View" says which record to screen readers. */
  name: string;
  view: DirectoryView;
}

/** The spec's View button: opens the record's own form in edit mode. */
export function ViewLink({ to, name, view }: ViewLinkProps) {
  return (
    <Button
      component={Link}
      to={to}
      variant="light"
      size={view === 'card' ? 'md' : 'xs'}
      flex={view === 'card' ? 1 : undefined}
      leftSection={<IconEye size={view === 'card' ? 18 : 14} stroke={1.7} />}
      aria-label={`View ${name}`}
    >
      View
    </Button>
  );
}

interface ConfirmDeleteProps {
  /** Names the action and the record: 'Deactivate Asha Rao'. */
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

/** A delete icon that asks first, as the spec's confirm dialogs do. */
export function ConfirmDeleteButton({ label, title, message, confirmLabel, onConfirm, pending, disabled, disabledReason, view }: ConfirmDeleteProps) {
  const [opened, setOpened] = useState(false);
  const icon = (
    <ActionIcon
      variant="light"
      color="red"
      size={view === 'card' ? 42 : 'lg'}
      aria-label={label}
      disabled={disabled}
      onClick={() => setOpened(true)}
    >
      <IconTrash size={view === 'card' ? 20 : 18} stroke={1.6} />
    </ActionIcon>
  );

  return (
    <>
      {disabled && disabledReason ? (
        <Tooltip label={disabledReason} events={{ hover: true, focus: true, touch: true }}>
          <span>{icon}</span>
        </Tooltip>
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
