import type { Translate } from '@rescuedesk/shared';
import { DuplicateList } from '../../../components/duplicates/duplicate-list';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useReportDuplicates } from '../api/get-duplicate-suggestions';
import { useMergeReport } from '../api/merge-report';

/**
 * The likely duplicates of a report waiting for triage: of the same kind, within about 300 m and 72
 * hours. A case among them can take the report (merge): its reporter is then told with the case's own.
 */
export function DuplicateSuggestions({ reportId, t }: { reportId: number; t: Translate }) {
  const suggestions = useReportDuplicates(reportId, true);
  const merge = useMergeReport();
  const onMerge = (caseId: number) =>
    merge.mutate(
      { reportId, caseId },
      {
        onSuccess: () => notifySuccess(t('citizen.duplicates.merged', { id: caseId })),
        onError: (error) => notifyError(error),
      },
    );
  return <DuplicateList suggestions={suggestions.data} headingId={`duplicates-${reportId}`} t={t} onMerge={onMerge} merging={merge.isPending ? (merge.variables?.caseId ?? null) : null} />;
}
