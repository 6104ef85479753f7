import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StockBatch, UpdateStockBatchInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { STOCK_QUERY_KEY } from './get-stock';

export function updateBatch(input: UpdateStockBatchInput): Promise<StockBatch> {
  return api.post<StockBatch>('/stock/updateBatch', input);
}

/** A batch's number, expiry, supplier or cost corrected; the stock list, statement and alerts read it afresh. */
export function useUpdateBatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateBatch, onSuccess: () => void queryClient.invalidateQueries({ queryKey: STOCK_QUERY_KEY }) });
}
