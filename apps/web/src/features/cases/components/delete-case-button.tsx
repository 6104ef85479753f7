import { useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { CaseListItem } from '@rescuedesk/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useT } from '../../../lib/i18n/use-t';
import { notifyError } from '../../../lib/notify';
import { useDeleteCase } from '../api/delete-case';
import { announceCaseDeleted } from './undo-delete';

interface DeleteCaseButtonProps {
  caseItem: Pick<CaseListItem, 'id' | 'reporterName' | 'location'>;
  size: number;
  /** Admin and Founder: the toast after the delete offers Undo. */
  canRestore: boolean;
}

/**
 * The delete icon of a dashboard row, with a confirmation that names the case (its number, reporter
 * and location), so the right one goes. Shown only to roles that may delete.
 */
export function DeleteCaseButton({ caseItem, size, canRestore }: DeleteCaseButtonProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  // The dialog joins the page on the first click: a dashboard of fifty rows renders no closed dialogs.
  const [asked, setAsked] = useState(false);
  const deleteCase = useDeleteCase();
  const caseId = caseItem.id;
  const name = [caseItem.reporterName, caseItem.location].filter((part): part is string => Boolean(part)).join(', ');

  // Not mutate's callbacks: the row (and this button) leaves the list as soon as the delete is done.
  const confirm = () => {
    void deleteCase.mutateAsync({ caseId }).then(
      () => {
        setOpened(false);
        announceCaseDeleted({ caseId, canRestore, queryClient });
      },
      (error: unknown) => {
        setOpened(false);
        notifyError(error);
      },
    );
  };

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
        <IconTrash size={Math.round(Math.min(size, 36) / 2)} stroke={1.7} />
      </ActionIcon>
      {asked ? (
        <ConfirmDialog
          opened={opened}
          title={t('cases.delete.confirmTitle')}
          message={name ? t('cases.deleted.confirmNamed', { id: caseId, name }) : t('cases.deleted.confirmUnnamed', { id: caseId })}
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
