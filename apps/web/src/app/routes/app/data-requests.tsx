import { RequestsPage } from '../../../features/privacy/components/requests-page';
import { useSignedInUser } from './signed-in-user';

/** /privacy/requests: access and erasure requests, for the Founder and Admin (PAGE_ROUTES, 'privacy.manage'). */
export default function DataRequestsRoute() {
  return <RequestsPage me={useSignedInUser()} />;
}
