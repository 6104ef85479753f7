import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseStockUse } from '@rescuedesk/shared';
import { api } from '../../../lib/api-client';

/** Kept with its case for reading offline (lib/offline/persist-policy.ts: a part of the case). */
export const caseStockUsesQueryKey = (caseId: number) => ['cases', 'stockUses', caseId] as const;

export function getCaseStockUses(caseId: number): Promise<CaseStockUse[]> {
  return api.post<CaseStockUse[]>('/stock/getCaseStockUses', { caseId });
}

/** The stock used on a stored case, line by line (docs/stock.md#stock-used-on-a-case); nothing is asked for a case not stored yet. */
export function useCaseStockUses(caseId: number | null) {
  const stored = caseId !== null && caseId > 0;
  return useQuery({ ...queryOptions({ queryKey: caseStockUsesQueryKey(stored ? caseId : 0), queryFn: () => getCaseStockUses(caseId!) }), enabled: stored });
}
