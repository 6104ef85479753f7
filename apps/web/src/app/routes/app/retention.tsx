import { RetentionPage } from '../../../features/privacy/components/retention-page';
import { useSignedInUser } from './signed-in-user';

/** /privacy/retention: keeping reporters' data, for the Founder and Admin (PAGE_ROUTES, 'privacy.manage'). */
export default function RetentionRoute() {
  return <RetentionPage me={useSignedInUser()} />;
}
