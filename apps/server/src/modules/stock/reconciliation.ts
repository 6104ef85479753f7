import { tr, type StockReconciliation } from '@rescuedesk/shared';
import type { NgoScope } from '../../db/scope';
import { monthRange, operatedInMonth } from '../report/abc-report';
import type { ReportRepository } from '../report/report.repository';
import type { StockRepository } from './stock.repository';

/**
 * The month's figures of the ABC report set against the stock (docs/stock.md#the-abc-report-reconciles),
 * for the Stock page, the ABC report's panel and both PDFs. The operations are the ABC report's own
 * count (its cases and its "operated" rule), so that the two can never disagree about what an
 * operation is; the stock side is what the operation steps recorded.
 */
export async function reconcileMonth(repos: { stock: StockRepository; reports: ReportRepository }, scope: NgoScope, month: string): Promise<StockReconciliation> {
  const range = monthRange(month);
  const ngoIds = scope === 'all' ? await repos.reports.ngoIds('all') : [scope];
  const [vaccines, cases, supplies] = await Promise.all([
    repos.stock.reconciliation(scope, range.from, range.to),
    repos.reports.abcCases(scope, ngoIds, range),
    repos.stock.operationSuppliesUsed(scope, range.from, range.to),
  ]);
  const operated = cases.filter((c) => operatedInMonth(c, range)).map((c) => c.id);
  const operationsWithAnaesthetic = await repos.stock.casesWithAnaesthetic(scope, operated);
  return {
    ...vaccines,
    operations: operated.length,
    operationsWithAnaesthetic,
    operationsWithoutAnaesthetic: operated.length - operationsWithAnaesthetic,
    operationSupplies: supplies.map((s) => ({ itemId: s.item_id, name: s.name, kind: s.kind as StockReconciliation['operationSupplies'][number]['kind'], unit: s.unit, usedOnCases: s.used })),
  };
}

/**
 * The reconciliation as printed lines, in the reader's language: the vaccine line, the operations
 * line, and the anaesthetic and sutures used on cases (or that none was recorded).
 */
export function reconciliationLines(r: StockReconciliation, formatNumber: (n: number) => string): string[] {
  const supplies = r.operationSupplies.map((s) => tr('stock.reconcile.supplyUsed', { name: s.name, quantity: formatNumber(s.usedOnCases), unit: s.unit }));
  return [
    tr('stock.reconcile.pdfLine', { vaccinations: formatNumber(r.rabiesVaccinations), doses: formatNumber(r.rabiesDosesUsed), difference: formatNumber(r.difference) }),
    tr('stock.reconcile.pdfOperations', { operations: formatNumber(r.operations), withAnaesthetic: formatNumber(r.operationsWithAnaesthetic), without: formatNumber(r.operationsWithoutAnaesthetic) }),
    supplies.length > 0 ? tr('stock.reconcile.pdfSupplies', { supplies: supplies.join(tr('stock.reconcile.listSeparator')) }) : tr('stock.reconcile.pdfNoSupplies'),
  ];
}

/** A row of the reconciliation as the statement prints it: what it counts, and the figure. */
export interface ReconciliationRow {
  label: string;
  value: number | null;
  /** The difference, shown with its sign. */
  signed?: boolean;
}

/** The reconciliation as the statement's rows (PDF and CSV), in the reader's language, each saying what it counts. */
export function reconciliationRows(r: StockReconciliation): ReconciliationRow[] {
  const supplies: ReconciliationRow[] =
    r.operationSupplies.length > 0
      ? r.operationSupplies.map((s) => ({ label: tr('stock.reconcile.supplyRow', { kind: tr(`stock.kind.${s.kind}`), name: s.name, unit: s.unit }), value: s.usedOnCases }))
      : [{ label: `${tr('stock.reconcile.noSupplies')}: ${tr('stock.reconcile.noneRecorded')}`, value: null }];
  return [
    { label: tr('stock.reconcile.vaccinations'), value: r.rabiesVaccinations },
    { label: tr('stock.reconcile.doses'), value: r.rabiesDosesUsed },
    { label: tr('stock.reconcile.difference'), value: r.difference, signed: true },
    { label: tr('stock.reconcile.operations'), value: r.operations },
    { label: tr('stock.reconcile.operationsWithAnaesthetic'), value: r.operationsWithAnaesthetic },
    { label: tr('stock.reconcile.operationsWithout'), value: r.operationsWithoutAnaesthetic },
    ...supplies,
  ];
}
