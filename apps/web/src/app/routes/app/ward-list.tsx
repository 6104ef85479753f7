import { WardList } from '../../../features/surveys/components/ward-list';
import { useSignedInUser } from './signed-in-user';

/** /ward: the NGO's wards for coverage surveys. */
export default function WardListRoute() {
  return <WardList me={useSignedInUser()} />;
}
