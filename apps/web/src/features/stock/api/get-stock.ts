import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StockOverview } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

export const STOCK_QUERY_KEY = ['stock'] as const;

export function getStock(): Promise<StockOverview> {
  return api.post<StockOverview>('/stock/getStock', {});
}

export function stockQueryOptions() {
  return queryOptions({ queryKey: [...STOCK_QUERY_KEY, 'overview'], queryFn: getStock });
}

/**
 * Asks for the stock list once after signing in, so it is kept on the device (lib/offline/persist-policy.ts)
 * and a case step's stock picker works offline even if the Stock page was never opened.
 */
export function useWarmStock(ngoId: number | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (ngoId !== null) void queryClient.prefetchQuery(stockQueryOptions());
  }, [queryClient, ngoId]);
}

/** Items with their batches and balances, and the alerts (docs/stock.md). */
export function useStock() {
  return useQuery(stockQueryOptions());
}
