import { AccessLogPage } from '../../../features/privacy/components/access-log-page';
import { useSignedInUser } from './signed-in-user';

/** /privacy/access-log: who saw personal data, for the Founder and Admin (PAGE_ROUTES, 'privacy.log'). */
export default function AccessLogRoute() {
  return <AccessLogPage role={useSignedInUser().role} />;
}
