import { RunList } from '../../../features/runs/components/run-list';
import { useSignedInUser } from './signed-in-user';

export default function RunsRoute() {
  return <RunList me={useSignedInUser()} />;
}
