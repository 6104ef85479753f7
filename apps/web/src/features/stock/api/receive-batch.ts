import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReceiveStockInput, StockMovement } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { STOCK_QUERY_KEY } from './get-stock';

/** The input carries its own uid: a retry of the same receipt is applied once. */
export function receiveBatch(input: ReceiveStockInput): Promise<StockMovement> {
  return api.post<StockMovement>('/stock/receiveBatch', input);
}

export function useReceiveBatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: receiveBatch, onSuccess: () => void queryClient.invalidateQueries({ queryKey: STOCK_QUERY_KEY }) });
}
