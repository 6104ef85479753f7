import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdjustStockInput, StockMovement } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { STOCK_QUERY_KEY } from './get-stock';

/** The input carries its own uid: a retry of the same adjustment is applied once. */
export function adjustBatch(input: AdjustStockInput): Promise<StockMovement> {
  return api.post<StockMovement>('/stock/adjustBatch', input);
}

export function useAdjustBatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: adjustBatch, onSuccess: () => void queryClient.invalidateQueries({ queryKey: STOCK_QUERY_KEY }) });
}
