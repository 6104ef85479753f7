import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FormErrors, UseFormReturnType } from '@mantine/form';
import type { CaseStockUseLine, StockItemWithBatches, StockUseStep } from '@rescuedesk/shared';
import { STOCK_QUERY_KEY, useStock } from '../../../stock/api/get-stock';
import { caseStockUsesQueryKey, useCaseStockUses } from '../../../stock/api/get-case-stock-uses';
import { lineErrors, stockUseProblems, type StockUseLineValue } from '../../../stock/components/stock-use-rules';
import type { EditedCase } from '../draft-case';

/**
 * The stock used on a case's step as the step shows it (docs/stock.md#stock-used-on-a-case): the
 * lines of a save waiting on this device (laid over the case), else the server's, else none for a
 * case not stored yet. Null while not known (offline, never loaded): the step then sends no lines,
 * so a save cannot give back what it could not show.
 */
export function useStepStockUses(caseRecord: EditedCase, step: StockUseStep): CaseStockUseLine[] | null {
  const waiting = (caseRecord[step] as { stockUses?: CaseStockUseLine[] }).stockUses;
  const server = useCaseStockUses(caseRecord.id);
  if (waiting) return waiting;
  if (caseRecord.id === null || caseRecord.id < 0) return [];
  if (!server.data) return null;
  return server.data.filter((use) => use.step === step).map((use) => ({ uid: use.uid, itemId: use.itemId, batchId: use.batchId, quantity: use.quantity }));
}

/**
 * The step's part in stock: the stock list kept on the device, the stored lines taken into the form
 * once known, the checks against the stock list for the step's rules, and the stock shown afresh
 * after the step was saved (here or by the outbox).
 */
export function useStockUseField<V extends Record<string, unknown>>(caseRecord: EditedCase, step: StockUseStep, stored: CaseStockUseLine[] | null, form: UseFormReturnType<V>) {
  const stock = useStock();
  // An Admin's list holds every NGO's items: the case's NGO's only are offered.
  const items = stock.data?.items.filter((item) => caseRecord.ngoId === null || item.ngoId === caseRecord.ngoId);
  const latest = useRef<{ items: StockItemWithBatches[] | undefined; stored: CaseStockUseLine[] }>({ items, stored: stored ?? [] });
  useEffect(() => {
    latest.current = { items, stored: stored ?? [] };
  });
  // Lines that arrive after the form was filled become its starting point, not an edit.
  const known = stored !== null;
  useEffect(() => {
    if (!known || 'stockUses' in form.getValues()) return;
    const values = { ...form.getValues(), stockUses: stored };
    form.setInitialValues(values);
    form.setValues(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the lines become known
  }, [known]);
  const queryClient = useQueryClient();
  const saved = JSON.stringify(caseRecord[step]);
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: STOCK_QUERY_KEY });
    if (caseRecord.id !== null && caseRecord.id > 0) void queryClient.invalidateQueries({ queryKey: caseStockUsesQueryKey(caseRecord.id) });
  }, [saved, queryClient, caseRecord.id]);
  const lines = form.values.stockUses as StockUseLineValue[] | undefined;
  return {
    items,
    lines,
    setLines: (next: StockUseLineValue[]) => form.setFieldValue('stockUses' as never, next as never),
    errorsOf: (index: number) => lineErrors(form.errors, index),
    /** For the step's rules (built once): the lines' problems against the stock list as it is now. */
    problems: (values: Record<string, unknown>): FormErrors => stockUseProblems((values.stockUses as StockUseLineValue[] | undefined) ?? [], latest.current.items, latest.current.stored),
  };
}

/** Rules built once per mounted step, reading the stock through a ref: the form's validate must stay stable. */
export function useOnce<T>(make: () => T): T {
  return useState(make)[0];
}
