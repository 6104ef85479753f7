import { Alert } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { recordIdOf } from '../../../features/reports/components/record-id';
import { RunRegister } from '../../../features/runs/components/run-register';
import { useT } from '../../../lib/i18n/use-t';

/** /runs/register?id=3: the capture register of run 3, for A4. */
export default function RunRegisterRoute() {
  const t = useT();
  const id = recordIdOf(useSearchParams()[0]);
  return id === null ? <Alert color="red">{t('runs.error.notFound')}</Alert> : <RunRegister runId={id} />;
}
