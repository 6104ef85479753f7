import type { Me } from '@rescuedesk/shared';
import { BadIdPanel, RecordGate } from '../../../components/directory/record-gate';
import { useFormMode } from '../../../hooks/use-form-mode';
import { useT } from '../../../lib/i18n/use-t';
import { useSponsor } from '../../../features/sponsors/api/get-sponsor';
import { SponsorForm } from '../../../features/sponsors/components/sponsor-form';
import { SPONSOR_LIST } from '../../../features/sponsors/paths';
import { useSignedInUser } from './signed-in-user';

/** /sponsor/addsponsor adds a sponsor; /sponsor/addsponsor?id=7 edits sponsor 7. */
export default function SponsorFormRoute() {
  const t = useT();
  const me = useSignedInUser();
  const mode = useFormMode();
  if (mode.kind === 'bad-id') return <BadIdPanel notFound={t('directory.sponsor.notFound')} list={SPONSOR_LIST} />;
  if (mode.kind === 'add') return <SponsorForm me={me} />;
  return <EditSponsor key={mode.id} me={me} id={mode.id} />;
}

function EditSponsor({ me, id }: { me: Me; id: number }) {
  const t = useT();
  const sponsor = useSponsor(id);
  return (
    <RecordGate query={sponsor} texts={{ notFound: t('directory.sponsor.notFound'), loadFailed: t('directory.sponsor.loadOneFailed') }} list={SPONSOR_LIST}>
      {(record) => <SponsorForm me={me} sponsor={record} />}
    </RecordGate>
  );
}
