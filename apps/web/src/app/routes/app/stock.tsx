import { StockPage } from '../../../features/stock/components/stock-page';
import { useSignedInUser } from './signed-in-user';

/** /stock: medicine and vaccine stock by batch (docs/stock.md). */
export default function StockRoute() {
  return <StockPage me={useSignedInUser()} />;
}
