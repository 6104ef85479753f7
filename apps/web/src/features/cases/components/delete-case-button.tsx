import { useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useT } from '../../../lib/i18n/use-t';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteCase } from '../api/delete-case';

interface DeleteCaseButtonProps {
  caseId: number;
  size: number;
}

/** The delete icon of a dashboard row, with the spec's confirmation. Shown only to roles that may delete. */
export function DeleteCaseButton({ caseId, size }: DeleteCaseButtonProps) {
  const t = useT();
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
          notifySuccess(t('cases.delete.done'));
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
        aria-label={t('cases.delete.label', { id: caseId })}
      >
        <IconTrash size={Math.round(size / 2)} stroke={1.7} />
      </ActionIcon>
      {asked ? (
        <ConfirmDialog
          opened={opened}
          title={t('cases.delete.confirmTitle')}
          message={t('cases.delete.confirmMessage')}
          confirmLabel={t('common.delete')}
          cancelLabel={t('common.cancel')}
          pending={deleteCase.isPending}
          onConfirm={confirm}
          onCancel={() => setOpened(false)}
        />
      ) : null}
    </>
  );
}
