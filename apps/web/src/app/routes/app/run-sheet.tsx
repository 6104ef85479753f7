import { Alert } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { recordIdOf } from '../../../features/reports/components/record-id';
import { RunSheet } from '../../../features/runs/components/run-sheet';
import { useT } from '../../../lib/i18n/use-t';

/** /runs/sheet?id=3: run 3 as the crew works it. */
export default function RunSheetRoute() {
  const t = useT();
  const id = recordIdOf(useSearchParams()[0]);
  return id === null ? <Alert color="red">{t('runs.error.notFound')}</Alert> : <RunSheet runId={id} />;
}
