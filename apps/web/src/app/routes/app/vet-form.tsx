import type { Me } from '@rescuedesk/shared';
import { BadIdPanel, RecordGate } from '../../../components/directory/record-gate';
import { useFormMode } from '../../../hooks/use-form-mode';
import { useT } from '../../../lib/i18n/use-t';
import { useVet } from '../../../features/vets/api/get-vet';
import { VetForm } from '../../../features/vets/components/vet-form';
import { VET_LIST } from '../../../features/vets/paths';
import { useSignedInUser } from './signed-in-user';

/** /vet/addvet adds a vet; /vet/addvet?id=7 edits vet 7. */
export default function VetFormRoute() {
  const t = useT();
  const me = useSignedInUser();
  const mode = useFormMode();
  if (mode.kind === 'bad-id') return <BadIdPanel notFound={t('directory.vet.notFound')} list={VET_LIST} />;
  if (mode.kind === 'add') return <VetForm me={me} />;
  return <EditVet key={mode.id} me={me} id={mode.id} />;
}

function EditVet({ me, id }: { me: Me; id: number }) {
  const t = useT();
  const vet = useVet(id);
  return (
    <RecordGate query={vet} texts={{ notFound: t('directory.vet.notFound'), loadFailed: t('directory.vet.loadOneFailed') }} list={VET_LIST}>
      {(record) => <VetForm me={me} vet={record} />}
    </RecordGate>
  );
}
