import type { Translate } from '@rescuedesk/shared';
import { DuplicateList } from '../../../components/duplicates/duplicate-list';
import { useReportDuplicates } from '../api/get-duplicate-suggestions';

/** The likely duplicates of a report waiting for triage: of the same kind, within about 300 m and 72 hours. */
export function DuplicateSuggestions({ reportId, t }: { reportId: number; t: Translate }) {
  const suggestions = useReportDuplicates(reportId, true);
  return <DuplicateList suggestions={suggestions.data} headingId={`duplicates-${reportId}`} t={t} />;
}
