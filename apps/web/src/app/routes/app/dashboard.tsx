import { PageTitle } from '../../../components/ui/page-title';
import { CaseDashboard } from '../../../features/cases/components/case-dashboard';
import { useT } from '../../../lib/i18n/use-t';
import { useSignedInUser } from './signed-in-user';

export default function DashboardRoute() {
  const t = useT();
  const me = useSignedInUser();
  return (
    <>
      <PageTitle>{t('nav.dashboard')}</PageTitle>
      <CaseDashboard me={me} />
    </>
  );
}
