import { IntakeList } from '../../../features/intake/components/intake-list';

export default function IntakeRoute() {
  return <IntakeList />;
}
