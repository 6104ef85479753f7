import { SponsorList } from '../../../features/sponsors/components/sponsor-list';
import { useSignedInUser } from './signed-in-user';

export default function SponsorListRoute() {
  return <SponsorList me={useSignedInUser()} />;
}
