import { NativeSelect } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { optionKey, type CaseListItem, type CaseStatus } from '@rescuedesk/shared';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/use-t';
import { TOAST_MS, notifySuccess } from '../../../lib/notify';
import { useUpdateCase } from '../api/update-case';
import { optionData } from './option-data';

interface CaseStatusSelectProps {
  caseItem: CaseListItem;
  size: 'sm' | 'md';
}

/** Changes a case's status in place, from the dashboard row (spec section 2). */
export function CaseStatusSelect({ caseItem, size }: CaseStatusSelectProps) {
  const t = useT();
  const updateCase = useUpdateCase();
  // While saving, show the status chosen; on failure it falls back to the stored one.
  const value = updateCase.isPending ? (updateCase.variables.status ?? caseItem.status) : caseItem.status;

  const change = (next: string) => {
    if (next === caseItem.status) return;
    const status = next as CaseStatus;
    updateCase.mutate(
      { caseId: caseItem.id, status },
      {
        onSuccess: () => notifySuccess(t('cases.statusSelect.changed', { status: t(optionKey('status', status)) })),
        onError: (error) =>
          notifications.show({
            title: t('cases.statusSelect.failed'),
            message: errorMessage(error),
            color: 'red',
            autoClose: TOAST_MS.saveError,
            withCloseButton: true,
          }),
      },
    );
  };

  return (
    <NativeSelect
      size={size}
      w={size === 'sm' ? 160 : undefined}
      aria-label={t('cases.statusSelect.label', { id: caseItem.id })}
      data={optionData(t, 'status')}
      value={value}
      onChange={(event) => change(event.currentTarget.value)}
      disabled={updateCase.isPending}
    />
  );
}
