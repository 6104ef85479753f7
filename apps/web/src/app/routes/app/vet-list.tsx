import { VetList } from '../../../features/vets/components/vet-list';
import { useSignedInUser } from './signed-in-user';

export default function VetListRoute() {
  return <VetList me={useSignedInUser()} />;
}
