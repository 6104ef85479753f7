import { useQuery } from '@tanstack/react-query';
import type { StockReconciliation, StockStatementInput } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { STOCK_QUERY_KEY } from './get-stock';

export function getReconciliation(input: StockStatementInput): Promise<StockReconciliation> {
  return api.post<StockReconciliation>('/stock/getReconciliation', input);
}

/** The month's rabies vaccinations on cases against the vaccine used from stock, as the server counts them (docs/stock.md#the-abc-report-reconciles). */
export function useReconciliation(input: StockStatementInput) {
  return useQuery({ queryKey: [...STOCK_QUERY_KEY, 'reconciliation', input], queryFn: () => getReconciliation(input) });
}
