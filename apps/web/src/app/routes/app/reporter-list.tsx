import { ReporterList } from '../../../features/reporters/components/reporter-list';
import { useSignedInUser } from './signed-in-user';

export default function ReporterListRoute() {
  return <ReporterList me={useSignedInUser()} />;
}
