import { Stack, Text } from '@mantine/core';
import { ReportAdditionsList } from '../../../../components/images/report-additions';
import { useT } from '../../../../lib/i18n/use-t';
import { useCaseReportAdditions } from '../../api/get-case-report-additions';
import type { EditedCase } from '../draft-case';

/**
 * In the reporter step of a case a public report became or joined: the comments and photos its
 * reporters added from their tracking pages. Nothing is shown while there are none, or offline.
 */
export function CaseReportAdditions({ caseRecord }: { caseRecord: EditedCase }) {
  const t = useT();
  const additions = useCaseReportAdditions(caseRecord.id);
  if (!additions.data || additions.data.length === 0 || caseRecord.ngoId === null) return null;
  return (
    <Stack gap={4} component="section" aria-labelledby="case-report-additions">
      <Text id="case-report-additions" fw={700}>
        {t('citizen.case.additions')}
      </Text>
      {additions.data.map((report) => (
        <ReportAdditionsList key={report.reportId} additions={report.additions} ngoId={caseRecord.ngoId!} title={t('citizen.case.additionsOf', { code: report.code })} t={t} />
      ))}
    </Stack>
  );
}
