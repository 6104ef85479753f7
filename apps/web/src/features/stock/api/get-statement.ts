import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StockStatement } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';
import { STOCK_QUERY_KEY } from './get-stock';

export function getStatement(month: string): Promise<StockStatement> {
  return api.post<StockStatement>('/stock/getStatement', { month });
}

export function statementQueryOptions(month: string) {
  return queryOptions({ queryKey: [...STOCK_QUERY_KEY, 'statement', month], queryFn: () => getStatement(month), placeholderData: keepPreviousData });
}

/** A month's statement per item and batch. */
export function useStatement(month: string) {
  return useQuery(statementQueryOptions(month));
}
