import { PageTitle } from '../../../components/ui/page-title';
import { CaseDashboard } from '../../../features/cases/components/case-dashboard';
import { useSignedInUser } from './signed-in-user';

export default function DashboardRoute() {
  const me = useSignedInUser();
  return (
    <>
      <PageTitle>Dashboard</PageTitle>
      <CaseDashboard me={me} />
    </>
  );
}
