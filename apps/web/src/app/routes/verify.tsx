import { useParams } from 'react-router';
import { VerifyPage } from '../../features/committee/components/verify-page';

/** /verify/<id>: the public verification of a signed monthly report; no sign-in. */
export default function VerifyRoute() {
  return <VerifyPage id={useParams().id ?? ''} />;
}
