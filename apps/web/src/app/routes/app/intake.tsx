import { Anchor } from '@mantine/core';
import { can } from '@rescuedesk/shared';
import { Link } from 'react-router';
import { IntakeList } from '../../../features/intake/components/intake-list';
import { useT } from '../../../lib/i18n/use-t';
import { useSignedInUser } from './signed-in-user';

export default function IntakeRoute() {
  const t = useT();
  const me = useSignedInUser();
  const readsReports = can(me.role, 'report.read');
  return (
    <>
      <IntakeList />
      {/* Every report and phone-in of a month, with its outcome and times (docs/citizen-reports.md#the-complaint-register). */}
      {readsReports ? (
        <Anchor component={Link} to="/report/complaints" display="inline-block" mt="md">
          {t('citizen.register.openRegister')}
        </Anchor>
      ) : null}
    </>
  );
}
