import { NativeSelect } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CASE_STATUSES, type CaseListItem, type CaseStatus } from '@rescuedesk/shared';
import { errorMessage } from '../../../lib/api-client';
import { TOAST_MS, notifySuccess } from '../../../lib/notify';
import { useUpdateCase } from '../api/update-case';

interface CaseStatusSelectProps {
  caseItem: CaseListItem;
  size: 'sm' | 'md';
}

/** Changes a case's status in place, from the dashboard row (spec section 2). */
export function CaseStatusSelect({ caseItem, size }: CaseStatusSelectProps) {
  const updateCase = useUpdateCase();
  // While saving, show the status chosen; on failure it falls back to the stored one.
  const value = updateCase.isPending ? (updateCase.variables.status ?? caseItem.status) : caseItem.status;

  const change = (next: string) => {
    if (next === caseItem.status) return;
    updateCase.mutate(
      { caseId: caseItem.id, status: next as CaseStatus },
      {
        onSuccess: () => notifySuccess(`Status changed to ${next}`),
        onError: (error) =>
          notifications.show({
            title: 'Status update unsuccessful',
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
      aria-label={`Status of case #${caseItem.id}`}
      data={CASE_STATUSES}
      value={value}
      onChange={(event) => change(event.currentTarget.value)}
      disabled={updateCase.isPending}
    />
  );
}
