import { tr, type CaseStockUse, type CaseStockUseLine, type StockItemKind, type StockUseStep } from '@rescuedesk/shared';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { Actor } from '../../lib/actor';
import type { BatchWithBalance, CaseLineRow, StockRepository } from './stock.repository';

/** A step save's lines of stock used, as they should now stand on the case (docs/stock.md#stock-used-on-a-case). */
export interface StepStockUses {
  ngoId: number;
  caseId: number;
  step: StockUseStep;
  lines: readonly CaseStockUseLine[];
  /** Today on the NGOs' calendar (Asia/Kolkata): the movements' day, and what has expired. */
  today: string;
}

/**
 * Brings the stock used on a case's step to the lines the save sends, inside the step save's
 * transaction: a new line takes its quantity from its batch (the one named, else the one expiring
 * first), a changed line moves only the difference, a line left out is given back. Nothing is ever
 * edited: each change is a movement of the line, so a save sent twice finds nothing left to do and
 * deducts once. An expired batch or more than a batch holds is refused, and the whole save with it.
 */
/** A line as the save left it: the item and the batch its stock came from. */
export interface AppliedStockUse {
  kind: StockItemKind;
  itemName: string;
  batchNo: string;
  expiryDate: string;
}

export async function applyStepStockUses(stock: StockRepository, actor: Actor, use: StepStockUses): Promise<AppliedStockUse[]> {
  const applied: AppliedStockUse[] = [];
  const existing = groupByLine(await stock.caseLines(use.ngoId, use.caseId));
  const counts = new Map<string, number>();
  const move = async (lineUid: string, batchId: number, quantity: number) => {
    const made = counts.get(lineUid) ?? existing.get(lineUid)?.reduce((n, r) => n + r.movements, 0) ?? 0;
    counts.set(lineUid, made + 1);
    // The line's first movement carries the phone's id; the later ones add a mark a phone's id cannot hold.
    const uid = made === 0 ? lineUid : `${lineUid}~${made}`;
    await stock.insertMovement({
      ngo_id: use.ngoId,
      batch_id: batchId,
      uid,
      kind: 'used',
      quantity,
      reason: null,
      note: null,
      case_id: use.caseId,
      occurred_on: use.today,
      created_by: actor.id,
      line_uid: lineUid,
      case_step: use.step,
    });
  };

  const wanted = new Set(use.lines.map((l) => l.uid));
  for (const [lineUid, rows] of existing) {
    if (rows[0]!.case_step !== use.step || wanted.has(lineUid)) continue;
    for (const row of rows) if (row.used !== 0) await move(lineUid, row.batch_id, row.used);
  }

  for (const line of use.lines) {
    const rows = existing.get(line.uid) ?? [];
    if (rows.some((r) => r.case_step !== use.step)) throw new ConflictError(tr('stock.error.lineUidUsed'));
    if (rows.length === 0 && (await stock.findMovement(use.ngoId, line.uid))) throw new ConflictError(tr('stock.error.lineUidUsed'));
    const item = await stock.findItem(use.ngoId, line.itemId);
    if (!item) throw new NotFoundError(tr('stock.error.itemNotFound'));
    await stock.lockItem(use.ngoId, item.id);
    const batches = await stock.batchesWithBalance(use.ngoId, { itemId: item.id });
    const held = rows.filter((r) => r.used !== 0);
    const target = await targetBatch(stock, use, line, item.name, batches, held);
    for (const row of held) if (row.batch_id !== target.batch.id) await move(line.uid, row.batch_id, row.used);
    const more = line.quantity - (held.find((r) => r.batch_id === target.batch.id)?.used ?? 0);
    if (more > 0) {
      const b = target.batch;
      if (b.expiry_date < use.today) throw new ValidationError(tr('stock.error.expiredFor', { item: item.name, batchNo: b.batch_no, expiryDate: b.expiry_date }));
      if (b.balance < more) {
        const key = target.firstExpiry ? 'stock.error.notEnoughInFirstFor' : 'stock.error.notEnoughFor';
        throw new ConflictError(tr(key, { item: item.name, batchNo: b.batch_no, balance: b.balance, unit: item.unit }));
      }
    }
    if (more !== 0) await move(line.uid, target.batch.id, -more);
    applied.push({ kind: item.kind as StockItemKind, itemName: item.name, batchNo: target.batch.batch_no, expiryDate: target.batch.expiry_date });
  }
  return applied;
}

/**
 * The anti-rabies vaccine of the ABC record from the stock line that gave it (docs/stock.md): its
 * name, batch and expiry, for each of the three fields the save does not send and the case does not
 * hold yet. Picking the batch on the step is the user's choice of it; a value typed wins.
 */
export function vaccineFromStock(applied: readonly AppliedStockUse[], stored: Record<string, unknown>, sent: Record<string, unknown>): Record<string, string> {
  const vaccine = applied.find((use) => use.kind === 'vaccine_rabies');
  if (!vaccine) return {};
  const fill: Record<string, string> = {};
  const values = { vaccineName: vaccine.itemName, vaccineBatch: vaccine.batchNo, vaccineExpiry: vaccine.expiryDate };
  for (const [field, value] of Object.entries(values)) {
    const held = stored[field];
    if (sent[field] === undefined && (held === null || held === undefined || held === '')) fill[field] = value;
  }
  return fill;
}

/** The stock used on a case as it stands, line by line (lines given back in full are left out). */
export function caseStockUses(rows: readonly CaseLineRow[]): CaseStockUse[] {
  return rows
    .filter((r) => r.used !== 0)
    .map((r) => ({
      uid: r.line_uid,
      step: r.case_step as StockUseStep,
      itemId: r.item_id,
      itemName: r.item_name,
      kind: r.item_kind as StockItemKind,
      unit: r.unit,
      batchId: r.batch_id,
      batchNo: r.batch_no,
      expiryDate: r.expiry_date,
      quantity: r.used,
    }));
}

/** The batch a line takes from: the one named; else the one it already took from; else the first to expire that has stock (FEFO). */
async function targetBatch(
  stock: StockRepository,
  use: StepStockUses,
  line: CaseStockUseLine,
  itemName: string,
  batches: readonly BatchWithBalance[],
  held: readonly CaseLineRow[],
): Promise<{ batch: BatchWithBalance; firstExpiry: boolean }> {
  if (line.batchId != null) {
    const named = batches.find((b) => b.id === line.batchId);
    if (named) return { batch: named, firstExpiry: false };
    const [other] = await stock.batchesWithBalance(use.ngoId, { batchId: line.batchId });
    if (!other) throw new NotFoundError(tr('stock.error.batchNotFound'));
    throw new ValidationError(tr('stock.error.batchOtherItem', { batchNo: other.batch_no, item: itemName }));
  }
  const current = held.find((r) => r.item_id === line.itemId);
  const kept = current && batches.find((b) => b.id === current.batch_id);
  if (kept) return { batch: kept, firstExpiry: false };
  const first = batches.find((b) => b.expiry_date >= use.today && b.balance > 0);
  if (!first) throw new ConflictError(tr('stock.error.noUsableBatch', { item: itemName }));
  return { batch: first, firstExpiry: true };
}

function groupByLine(rows: readonly CaseLineRow[]): Map<string, CaseLineRow[]> {
  const lines = new Map<string, CaseLineRow[]>();
  for (const row of rows) lines.set(row.line_uid, [...(lines.get(row.line_uid) ?? []), row]);
  return lines;
}
