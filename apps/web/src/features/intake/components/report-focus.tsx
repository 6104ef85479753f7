import { useEffect, useRef } from 'react';
import { Alert } from '@mantine/core';
import type { IntakeReport, Translate } from '@rescuedesk/shared';
import { useSearchParams } from 'react-router';

/** The report the address names (`/intake?report=<id>`, from its marker on the map), if any. */
export function useFocusedReportId(): number | null {
  const [params] = useSearchParams();
  const id = Number(params.get('report'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The named report's card is scrolled to and takes the focus once, when it is first shown. Give
 * the card `tabIndex={-1}` so it can hold the focus.
 */
export function useScrolledIntoFocus<T extends HTMLElement>(focused: boolean) {
  const ref = useRef<T>(null);
  const done = useRef(false);
  useEffect(() => {
    if (!focused || done.current || !ref.current) return;
    done.current = true;
    // jsdom has no scrollIntoView; browsers do.
    ref.current.scrollIntoView?.({ block: 'center' });
    ref.current.focus({ preventScroll: true });
  }, [focused]);
  return ref;
}

/**
 * What the intake says of the report opened from the map: that it was decided meanwhile (accepted
 * or declined since the map was drawn), or that it is not in the list at all.
 */
export function ReportFocusNotice({ reportId, reports, t }: { reportId: number | null; reports: readonly IntakeReport[] | undefined; t: Translate }) {
  if (reportId === null || !reports) return null;
  const report = reports.find((r) => r.id === reportId);
  if (report && report.status === 'new') return null;
  return (
    <Alert color="yellow" role="status" data-testid="report-focus">
      {report ? t('map.reportFocus.decided', { status: t(`citizen.intake.${report.status}`) }) : t('map.reportFocus.missing')}
    </Alert>
  );
}
