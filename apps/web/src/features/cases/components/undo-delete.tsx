import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import { t } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/use-t';
import { notifyError, notifyOffer, notifySuccess } from '../../../lib/notify';
import { restoreCase, storeRestoredCase } from '../api/restore-case';

/**
 * Right after a delete, a toast that says so and, for the roles that may restore (Admin and Founder),
 * offers Undo: one tap brings the case back. It stays when the page changes (the undo still works),
 * and its work does not depend on the deleted row, which leaves the list at once.
 */
export function announceCaseDeleted({ caseId, canRestore, queryClient }: { caseId: number; canRestore: boolean; queryClient: QueryClient }): void {
  if (!canRestore) {
    notifySuccess(t('cases.delete.done'));
    return;
  }
  const close = notifyOffer(`case-deleted:${caseId}`, {
    title: t('cases.delete.done'),
    message: (
      <UndoMessage
        caseId={caseId}
        onUndo={async () => {
          try {
            await storeRestoredCase(queryClient, await restoreCase(caseId));
            close();
            notifySuccess(t('cases.deleted.restored', { id: caseId }));
          } catch (error) {
            notifyError(error);
          }
        }}
      />
    ),
  });
}

/** The toast's text and its Undo button, busy while the restore is on its way. */
function UndoMessage({ caseId, onUndo }: { caseId: number; onUndo: () => Promise<void> }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  return (
    <Group gap="xs" justify="space-between" wrap="nowrap">
      <Text size="sm">{t('cases.deleted.movedToBin', { id: caseId })}</Text>
      <Button
        size="sm"
        mih={44}
        variant="light"
        loading={busy}
        leftSection={<IconArrowBackUp size={18} aria-hidden />}
        aria-label={t('cases.deleted.undoLabel', { id: caseId })}
        onClick={() => {
          setBusy(true);
          void onUndo().finally(() => setBusy(false));
        }}
      >
        {t('cases.deleted.undo')}
      </Button>
    </Group>
  );
}
