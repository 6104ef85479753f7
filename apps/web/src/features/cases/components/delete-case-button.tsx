import { useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteCase } from '../api/delete-case';

interface DeleteCaseButtonProps {
  caseId: number;
  size: number;
}

/** The delete icon of a dashboard row, with the spec's confirmation. Shown only to roles that may delete. */
export function DeleteCaseButton({ caseId, size }: DeleteCaseButtonProps) {
  const [opened, setOpened] = useState(false);
  // The dialog joins the page on the first click: a dashboard of fifty rows renders no closed dialogs.
  const [asked, setAsked] = useState(false);
  const deleteCase = useDeleteCase();

  const confirm = () =>
    deleteCase.mutate(
      { caseId },
      {
        onSuccess: () => {
          setOpened(false);
          notifySuccess('Case deleted');
        },
        onError: (error) => {
          setOpened(false);
          notifyError(error);
        },
      },
    );

  return (
    <>
      <ActionIcon
        variant="subtle"
        color="red"
        size={size}
        onClick={() => {
          setAsked(true);
          setOpened(true);
        }}
        aria-label={`Delete case #${caseId}`}
      >
        <IconTrash size={Math.round(size / 2)} stroke={1.7} />
      </ActionIcon>
      {asked ? (
        <ConfirmDialog
          opened={opened}
          title="Confirm delete case"
          message="Are you sure you want to delete the case?"
          confirmLabel="Delete"
          pending={deleteCase.isPending}
          onConfirm={confirm}
          onCancel={() => setOpened(false)}
        />
      ) : null}
    </>
  );
}
