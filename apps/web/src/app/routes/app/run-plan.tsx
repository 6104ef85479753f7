import { RunPlanner } from '../../../features/runs/components/run-planner';
import { useSignedInUser } from './signed-in-user';

export default function RunPlanRoute() {
  return <RunPlanner me={useSignedInUser()} />;
}
