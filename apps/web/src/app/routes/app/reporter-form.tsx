import type { Me } from '@rescuedesk/shared';
import { BadIdPanel, RecordGate } from '../../../components/directory/record-gate';
import { useFormMode } from '../../../hooks/use-form-mode';
import { useT } from '../../../lib/i18n/use-t';
import { useReporter } from '../../../features/reporters/api/get-reporter';
import { ReporterForm } from '../../../features/reporters/components/reporter-form';
import { REPORTER_LIST } from '../../../features/reporters/paths';
import { useSignedInUser } from './signed-in-user';

/** /reporter/addreporter adds a reporter; /reporter/addreporter?id=7 edits reporter 7. */
export default function ReporterFormRoute() {
  const t = useT();
  const me = useSignedInUser();
  const mode = useFormMode();
  if (mode.kind === 'bad-id') return <BadIdPanel notFound={t('directory.reporter.notFound')} list={REPORTER_LIST} />;
  if (mode.kind === 'add') return <ReporterForm me={me} />;
  return <EditReporter key={mode.id} me={me} id={mode.id} />;
}

function EditReporter({ me, id }: { me: Me; id: number }) {
  const t = useT();
  const reporter = useReporter(id);
  return (
    <RecordGate query={reporter} texts={{ notFound: t('directory.reporter.notFound'), loadFailed: t('directory.reporter.loadOneFailed') }} list={REPORTER_LIST}>
      {(record) => <ReporterForm me={me} reporter={record} />}
    </RecordGate>
  );
}
