import { NgoList } from '../../../features/ngos/components/ngo-list';
import { useSignedInUser } from './signed-in-user';

export default function NgoListRoute() {
  return <NgoList me={useSignedInUser()} />;
}
