import { NativeSelect } from '@mantine/core';
import { optionKey, type CaseListItem, type CaseStatus } from '@rescuedesk/shared';
import { useT } from '../../../lib/i18n/use-t';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { newIdempotencyKey } from '../api/idempotency';
import { useUpdateCase } from '../api/update-case';
import { optionData } from './option-data';

interface CaseStatusSelectProps {
  caseItem: CaseListItem;
  size: 'sm' | 'md';
}

/** Changes a case's status in place, from the dashboard row (docs/product.md#the-dashboard). */
export function CaseStatusSelect({ caseItem, size }: CaseStatusSelectProps) {
  const t = useT();
  const updateCase = useUpdateCase();
  // While saving, show the status chosen; on failure it falls back to the stored one.
  const value = updateCase.isPending ? (updateCase.variables.input.status ?? caseItem.status) : caseItem.status;

  const change = (next: string) => {
    if (next === caseItem.status) return;
    const status = next as CaseStatus;
    updateCase.mutate(
      { input: { caseId: caseItem.id, status }, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: () => notifySuccess(t('cases.statusSelect.changed', { status: t(optionKey('status', status)) })),
        onError: (error) => notifyFailure(t('cases.statusSelect.failed'), error),
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
