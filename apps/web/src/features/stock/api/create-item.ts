import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateStockItemInput, StockItem } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { STOCK_QUERY_KEY } from './get-stock';

export function createItem(input: CreateStockItemInput): Promise<StockItem> {
  return api.post<StockItem>('/stock/createItem', input);
}

export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createItem, onSuccess: () => void queryClient.invalidateQueries({ queryKey: STOCK_QUERY_KEY }) });
}
