import { BreachesPage } from '../../../features/privacy/components/breaches-page';
import { useSignedInUser } from './signed-in-user';

/** /privacy/breaches: the breach register, for the Founder and Admin (PAGE_ROUTES, 'privacy.manage'). */
export default function BreachesRoute() {
  return <BreachesPage me={useSignedInUser()} />;
}
