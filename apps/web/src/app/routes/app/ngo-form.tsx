import { BadIdPanel, RecordGate } from '../../../components/directory/record-gate';
import { useFormMode } from '../../../hooks/use-form-mode';
import { useT } from '../../../lib/i18n/use-t';
import { useNgo } from '../../../features/ngos/api/get-ngo';
import { NgoForm } from '../../../features/ngos/components/ngo-form';
import { NGO_LIST } from '../../../features/ngos/paths';
import { can } from '@rescuedesk/shared';
import { NgoTwoFactorSetting } from '../../../features/auth/components/ngo-two-factor-setting';
import { RequirePermission } from './require-permission';
import { useSignedInUser } from './signed-in-user';

/** /ngo/addngo adds an NGO (Admin only); /ngo/addngo?id=7 edits NGO 7 (the API calls it ngoId). */
export default function NgoFormRoute() {
  const t = useT();
  const mode = useFormMode();
  if (mode.kind === 'bad-id') return <BadIdPanel notFound={t('directory.ngo.notFound')} list={NGO_LIST} />;
  if (mode.kind === 'add') {
    return (
      <RequirePermission permission="ngo.create">
        <NgoForm />
      </RequirePermission>
    );
  }
  return <EditNgo key={mode.id} ngoId={mode.id} />;
}

function EditNgo({ ngoId }: { ngoId: number }) {
  const t = useT();
  const ngo = useNgo(ngoId);
  // Requiring two-factor sign-in of the NGO's members is an Admin's call (docs/security.md#two-factor-sign-in).
  const mayRequireTwoFactor = can(useSignedInUser().role, 'ngo.requireTwoFactor');
  return (
    <RecordGate query={ngo} texts={{ notFound: t('directory.ngo.notFound'), loadFailed: t('directory.ngo.loadOneFailed') }} list={NGO_LIST}>
      {(record) => (
        <>
          <NgoForm ngo={record} />
          {mayRequireTwoFactor && <NgoTwoFactorSetting ngoId={record.id} />}
        </>
      )}
    </RecordGate>
  );
}
