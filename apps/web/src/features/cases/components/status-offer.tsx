import { Button, Stack, VisuallyHidden } from '@mantine/core';
import { CASE_STATUSES, optionKey, wallClockAt, type CaseStatus, type MessageKey } from '@rescuedesk/shared';
import { t } from '../../../lib/i18n/i18n';
import { notifyFailure, notifyOffer, notifySuccess } from '../../../lib/notify';

/** Fields that record how far a case has come, furthest first, with the status each means. */
const EVENT_STATUSES: ReadonlyArray<{ field: string; label: MessageKey; status: CaseStatus }> = [
  { field: 'releaseDate', label: 'field.releaseDate', status: 'Released' },
  { field: 'popStartDate', label: 'field.popStartDate', status: 'Post Operation' },
  { field: 'operationDate', label: 'field.operationDate', status: 'Operation' },
  { field: 'admissionDate', label: 'field.admissionDate', status: 'Admitted' },
];

/**
 * The status a save suggests (docs/product.md, "Cases"): when it recorded an event further along
 * than the case's status (an admission, an operation, post-op care, a release), that event's
 * status. Null when the status is already there or beyond; the status can still be set freely.
 * A date after today (on the user's calendar) has not happened: it suggests nothing.
 */
export function statusSuggestedBy(
  recorded: Readonly<Record<string, unknown>>,
  current: CaseStatus,
  today: string = wallClockAt(Date.now()).date,
): { status: CaseStatus; label: MessageKey } | null {
  const furthest = EVENT_STATUSES.find(({ field }) => {
    const date = recorded[field];
    return typeof date === 'string' && date !== '' && date <= today;
  });
  if (!furthest) return null;
  return CASE_STATUSES.indexOf(furthest.status) > CASE_STATUSES.indexOf(current) ? { status: furthest.status, label: furthest.label } : null;
}

/**
 * Offers, in a toast with one button, to move the case's status on. `move` is the status save (the
 * case page's mutation); the toast stays when the page changes, so an offer made by Save & Exit
 * can still be taken on the dashboard.
 */
export function offerStatus(caseId: number, suggestion: { status: CaseStatus; label: MessageKey }, move: (status: CaseStatus) => Promise<unknown>): void {
  const status = t(optionKey('status', suggestion.status));
  const close = notifyOffer(`status:${caseId}`, {
    title: t('cases.statusOffer.title', { field: t(suggestion.label) }),
    // Shown at the bottom, over the next step's fields: one short line and its button, no more.
    message: (
      <Stack gap={4} align="flex-start">
        <VisuallyHidden>{t('cases.statusOffer.message', { id: caseId, status })}</VisuallyHidden>
        <Button
          size="sm"
          mih={44}
          onClick={() => {
            close();
            move(suggestion.status).then(
              () => notifySuccess(t('cases.statusSelect.changed', { status })),
              (error: unknown) => notifyFailure(t('cases.statusSelect.failed'), error),
            );
          }}
        >
          {t('cases.statusOffer.move', { status })}
        </Button>
      </Stack>
    ),
  });
}
