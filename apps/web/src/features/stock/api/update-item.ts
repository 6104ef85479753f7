import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StockItem, UpdateStockItemInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { STOCK_QUERY_KEY } from './get-stock';

export function updateItem(input: UpdateStockItemInput): Promise<StockItem> {
  return api.post<StockItem>('/stock/updateItem', input);
}

/** An item's name, unit or reorder level corrected; the stock list, statement and reconciliation read it afresh. */
export function useUpdateItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateItem, onSuccess: () => void queryClient.invalidateQueries({ queryKey: STOCK_QUERY_KEY }) });
}
