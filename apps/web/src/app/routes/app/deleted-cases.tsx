import { DeletedCases } from '../../../features/cases/components/deleted-cases';
import { useSignedInUser } from './signed-in-user';

/** /dashboard/deleted: the deleted cases, for Admin and Founder (PAGE_ROUTES, 'case.restore'). */
export default function DeletedCasesRoute() {
  const me = useSignedInUser();
  return <DeletedCases me={me} />;
}
