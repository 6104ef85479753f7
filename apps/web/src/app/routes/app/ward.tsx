import { useSearchParams } from 'react-router';
import { recordIdOf } from '../../../features/reports/components/record-id';
import { WardPage } from '../../../features/surveys/components/ward-page';

/** /ward/view?id=3: ward 3's surveys and coverage estimates. */
export default function WardRoute() {
  const [params] = useSearchParams();
  return <WardPage wardId={recordIdOf(params)} />;
}
