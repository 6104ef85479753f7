import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StockOverview } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

export const STOCK_QUERY_KEY = ['stock'] as const;

export function getStock(): Promise<StockOverview> {
  return api.post<StockOverview>('/stock/getStock', {});
}

export function stockQueryOptions() {
  return queryOptions({ queryKey: [...STOCK_QUERY_KEY, 'overview'], queryFn: getStock });
}

/** Items with their batches and balances, and the alerts (docs/stock.md). */
export function useStock() {
  return useQuery(stockQueryOptions());
}
