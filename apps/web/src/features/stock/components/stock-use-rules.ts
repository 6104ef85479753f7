import type { ReactNode } from 'react';
import type { FormErrors } from '@mantine/form';
import type { CaseStockUseLine, StockBatch, StockItemWithBatches } from '@rescuedesk/shared';
import { formatDate } from '../../../lib/i18n/format';
import { t } from '../../../lib/i18n/i18n';

/** A line as the picker edits it: the quantity as typed. */
export interface StockUseLineValue {
  uid: string;
  itemId: number;
  batchId: number | null;
  quantity: number | string;
}

/** A line's problems at its item, batch and quantity fields. */
export interface LineErrors {
  item?: ReactNode;
  batch?: ReactNode;
  quantity?: ReactNode;
}

/** A line's problems in the form's errors (stockUses.<index>.<field>). */
export function lineErrors(errors: FormErrors, index: number, field = 'stockUses'): LineErrors {
  return { item: errors[`${field}.${index}.itemId`], batch: errors[`${field}.${index}.batchId`], quantity: errors[`${field}.${index}.quantity`] };
}

/** The batch a line takes from, as the server chooses it: the one picked, else the one it already took from, else the first to expire that has stock. */
export function batchOfLine(item: StockItemWithBatches, line: StockUseLineValue, stored: readonly CaseStockUseLine[]): StockBatch | undefined {
  if (line.batchId !== null) return item.batches.find((b) => b.id === line.batchId);
  const kept = stored.find((s) => s.uid === line.uid && s.itemId === item.id && s.batchId != null);
  const keptBatch = kept && item.batches.find((b) => b.id === kept.batchId);
  return keptBatch ?? item.batches.find((b) => !b.expired && b.balance > 0);
}

/**
 * The server's refusals, checked first against the stock list kept on the device: an expired batch,
 * or more than the batch holds (what the line already took from it counts as its own). The server
 * checks again when the save arrives; the list may be older than the phone's last sync.
 */
export function stockUseProblems(lines: readonly StockUseLineValue[], items: readonly StockItemWithBatches[] | undefined, stored: readonly CaseStockUseLine[], field = 'stockUses'): FormErrors {
  const errors: FormErrors = {};
  if (!items) return errors;
  lines.forEach((line, index) => {
    const item = items.find((i) => i.id === line.itemId);
    const quantity = Number(line.quantity);
    if (!item || !Number.isInteger(quantity) || quantity < 1) return;
    const batch = batchOfLine(item, line, stored);
    if (!batch) {
      errors[`${field}.${index}.itemId`] = t('stock.use.nothingUsable');
      return;
    }
    const already = stored.find((s) => s.uid === line.uid && s.batchId === batch.id)?.quantity ?? 0;
    const more = quantity - already;
    if (more <= 0) return;
    if (batch.expired) errors[`${field}.${index}.batchId`] = t('stock.use.expiredBatch', { batchNo: batch.batchNo, expiryDate: formatDate(batch.expiryDate) });
    else if (more > batch.balance) {
      const key = line.batchId === null ? 'stock.use.tooMuchUsable' : 'stock.use.tooMuch';
      errors[`${field}.${index}.quantity`] = t(key, { field: t('stock.field.quantity'), balance: batch.balance + already, unit: item.unit });
    }
  });
  return errors;
}
