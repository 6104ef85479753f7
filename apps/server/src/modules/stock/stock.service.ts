import type { Readable } from 'node:stream';
import { INTL_LOCALES, STOCK_EXPIRY_WARNING_DAYS, tr } from '@rescuedesk/shared';
import type {
  AdjustStockInput,
  CaseStockUse,
  CaseStockUsesInput,
  CreateStockItemInput,
  ReceiveStockInput,
  StockAdjustmentReason,
  StockBatch,
  StockItem,
  StockItemKind,
  StockMovement,
  StockMovementKind,
  StockOverview,
  StockStatement,
  StockStatementFigures,
  StockReconciliation,
  StockStatementInput,
  StockViewInput,
  UpdateStockBatchInput,
  UpdateStockItemInput,
  UseStockInput,
} from '@rescuedesk/shared';
import type { StockItemRow } from '../../db/schema';
import type { UnitOfWork } from '../../db/unit-of-work';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { Actor } from '../../lib/actor';
import { changedFields, providedFields } from '../../lib/changes';
import type { EventClock } from '../../lib/event-clock';
import { creationNgo, listScope, recordScope } from '../../lib/tenancy';
import type { AuditRepository } from '../audit/audit.repository';
import { csvHeader, csvLine, csvRows, type CsvColumn } from '../report/csv';
import { auditExport } from '../report/export.service';
import type { NgoRepository } from '../ngo/ngo.repository';
import type { ReportRepository } from '../report/report.repository';
import { activeLanguage } from '../../lib/i18n';
import { caseStockUses } from './case-stock-use';
import { reconcileMonth, reconciliationRows } from './reconciliation';
import { renderStatementPdf } from './statement-pdf';
import type { BatchWithBalance, MovementWithBatch, StockRepository } from './stock.repository';

type Repos = { stock: StockRepository; ngos: NgoRepository; audit: AuditRepository; reports: ReportRepository };

/** The parts of a movement a write names; the rest comes from the batch and the clock. */
interface NewMovement {
  kind: StockMovementKind;
  quantity: number;
  reason: StockAdjustmentReason | null;
  note: string | null;
  caseId: number | null;
  occurredOn: string;
}

/**
 * Medicine and vaccine stock by batch (docs/stock.md). Access first: everyone sees stock and uses it
 * on cases; items, receipts and adjustments are the office's ('stock.manage', checked by the route).
 * Every write carries the id its sender gave it (`uid`): sent again, it is answered with the movement
 * it made the first time and changes nothing.
 */
export class StockService {
  constructor(
    private readonly uow: UnitOfWork<Repos>,
    /** "Now" for a receipt's date (none in the future), on the NGOs' calendar with the phones' skew allowed. */
    private readonly clock: EventClock,
    /** Today's date on the NGOs' calendar (Asia/Kolkata): what has expired, and what expires within 30 days. */
    private readonly today: () => string,
  ) {}

  async overview(actor: Actor, input: StockViewInput): Promise<StockOverview> {
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    const today = this.today();
    const warnUntil = addDays(today, STOCK_EXPIRY_WARNING_DAYS);
    const [items, batches] = await Promise.all([this.uow.repos.stock.listItems(scope), this.uow.repos.stock.batchesWithBalance(scope)]);
    const lowItems: StockOverview['alerts']['lowItems'] = [];
    const expiringBatches: StockOverview['alerts']['expiringBatches'] = [];
    const withBatches = items.map((item) => {
      const own = batches.filter((b) => b.item_id === item.id).map((b) => toBatch(b, today));
      const usable = own.filter((b) => !b.expired).reduce((sum, b) => sum + b.balance, 0);
      const low = item.reorder_level !== null && usable < item.reorder_level;
      if (low) lowItems.push({ itemId: item.id, name: item.name, usable, reorderLevel: item.reorder_level! });
      for (const b of own) {
        if (b.balance > 0 && b.expiryDate <= warnUntil) expiringBatches.push({ batchId: b.id, itemId: item.id, name: item.name, batchNo: b.batchNo, expiryDate: b.expiryDate, balance: b.balance, expired: b.expired });
      }
      return { ...toItem(item), usable, low, batches: own };
    });
    expiringBatches.sort((x, y) => x.expiryDate.localeCompare(y.expiryDate) || x.batchId - y.batchId);
    return { today, items: withBatches, alerts: { lowItems, expiringBatches } };
  }

  async createItem(actor: Actor, input: CreateStockItemInput): Promise<StockItem> {
    const ngoId = await creationNgo(actor, input, this.uow.repos.ngos);
    if (await this.uow.repos.stock.itemNamed(ngoId, input.name)) throw new ConflictError(tr('stock.error.itemNameTaken', { name: input.name }));
    const row = await this.uow.transaction(async ({ stock, audit }) => {
      const created = await stock.insertItem({ ngo_id: ngoId, name: input.name, kind: input.kind, unit: input.unit, reorder_level: input.reorderLevel ?? null, created_by: actor.id });
      await audit.append(actor, {
        entity: 'stock_item',
        entityId: created.id,
        action: 'create',
        ngoId,
        fields: providedFields({ name: input.name, kind: input.kind, unit: input.unit, reorderLevel: input.reorderLevel }),
      });
      return created;
    });
    return toItem(row);
  }

  /** An item's name, unit or reorder level corrected by the office, audited (field names only). */
  async updateItem(actor: Actor, input: UpdateStockItemInput): Promise<StockItem> {
    const item = await this.findItem(actor, input.itemId);
    const wanted = { name: input.name, unit: input.unit, reorder_level: input.reorderLevel };
    const changed = changedFields(item, wanted) as Array<keyof typeof wanted>;
    if (changed.length === 0) return toItem(item);
    if (changed.includes('name')) {
      const other = await this.uow.repos.stock.itemNamed(item.ngo_id, input.name!);
      if (other && other.id !== item.id) throw new ConflictError(tr('stock.error.itemNameTaken', { name: input.name! }));
    }
    const row = await this.uow.transaction(async ({ stock, audit }) => {
      const updated = await stock.updateItem(item.ngo_id, item.id, Object.fromEntries(changed.map((field) => [field, wanted[field]])));
      await audit.append(actor, { entity: 'stock_item', entityId: item.id, action: 'update', ngoId: item.ngo_id, fields: changed.map((field) => ITEM_FIELD_NAMES[field]) });
      return updated;
    });
    return toItem(row);
  }

  /**
   * A batch's number, expiry, supplier or cost corrected by the office, audited (field names only).
   * Its quantity is not a detail: it moves only by receipts, uses and adjustments.
   */
  async updateBatch(actor: Actor, input: UpdateStockBatchInput): Promise<StockBatch> {
    const batch = await this.batchOfScope(recordScope(actor), input.batchId);
    const wanted = { batch_no: input.batchNo, expiry_date: input.expiryDate, supplier: input.supplier, cost_paise: input.costPaise };
    const changed = changedFields(batch, wanted) as Array<keyof typeof wanted>;
    if (changed.length > 0) {
      if (changed.includes('batch_no')) {
        const other = await this.uow.repos.stock.batchNamed(batch.item_id, input.batchNo!);
        if (other && other.id !== batch.id) {
          const item = (await this.uow.repos.stock.findItem(batch.ngo_id, batch.item_id))!;
          throw new ConflictError(tr('stock.error.batchNoTaken', { item: item.name, batchNo: input.batchNo! }));
        }
      }
      await this.uow.transaction(async ({ stock, audit }) => {
        await stock.updateBatch(batch.ngo_id, batch.id, Object.fromEntries(changed.map((field) => [field, wanted[field]])));
        await audit.append(actor, { entity: 'stock_batch', entityId: batch.id, action: 'update', ngoId: batch.ngo_id, fields: changed.map((field) => BATCH_FIELD_NAMES[field]) });
      });
    }
    const [row] = await this.uow.repos.stock.batchesWithBalance(batch.ngo_id, { batchId: batch.id });
    return toBatch(row!, this.today());
  }

  /** A batch received: the batch and its first movement (+quantity) together. */
  async receive(actor: Actor, input: ReceiveStockInput): Promise<StockMovement> {
    const item = await this.findItem(actor, input.itemId);
    const earlier = await this.earlier(item.ngo_id, input.uid);
    if (earlier) return earlier;
    const latest = this.clock.context().latest?.date ?? this.today();
    if (input.receivedOn > latest) throw new ValidationError(tr('stock.error.receivedInFuture', { value: input.receivedOn }));
    return this.applyOnce(item.ngo_id, input.uid, async ({ stock, audit }) => {
      if (await stock.batchNamed(item.id, input.batchNo)) throw new ConflictError(tr('stock.error.batchNoTaken', { item: item.name, batchNo: input.batchNo }));
      const batch = await stock.insertBatch({
        ngo_id: item.ngo_id,
        item_id: item.id,
        batch_no: input.batchNo,
        expiry_date: input.expiryDate,
        supplier: input.supplier ?? null,
        received_on: input.receivedOn,
        cost_paise: input.costPaise ?? null,
        quantity_received: input.quantity,
        created_by: actor.id,
      });
      await audit.append(actor, {
        entity: 'stock_batch',
        entityId: batch.id,
        action: 'create',
        ngoId: item.ngo_id,
        fields: providedFields({ batchNo: input.batchNo, expiryDate: input.expiryDate, supplier: input.supplier, receivedOn: input.receivedOn, costPaise: input.costPaise, quantity: input.quantity }),
      });
      await stock.insertMovement(movementRow(actor, item.ngo_id, batch.id, input.uid, { kind: 'received', quantity: input.quantity, reason: null, note: null, caseId: null, occurredOn: input.receivedOn }));
    });
  }

  /**
   * Stock used (on a case, or not): from the batch named, or else from the batch expiring first that
   * has stock (FEFO). An expired batch is never used; a batch never goes below zero.
   */
  async use(actor: Actor, input: UseStockInput): Promise<StockMovement> {
    const item = await this.findItem(actor, input.itemId);
    const earlier = await this.earlier(item.ngo_id, input.uid);
    if (earlier) return earlier;
    if (input.caseId != null && !(await this.uow.repos.stock.hasCase(item.ngo_id, input.caseId))) throw new NotFoundError(tr('stock.error.caseNotFound'));
    const today = this.today();
    return this.applyOnce(item.ngo_id, input.uid, async ({ stock }) => {
      await stock.lockItem(item.ngo_id, item.id);
      const batches = await stock.batchesWithBalance(item.ngo_id, { itemId: item.id });
      let batch: BatchWithBalance;
      if (input.batchId != null) {
        const named = batches.find((b) => b.id === input.batchId) ?? (await this.batchOfScope(item.ngo_id, input.batchId));
        if (named.item_id !== item.id) throw new ValidationError(tr('stock.error.batchOtherItem', { batchNo: named.batch_no, item: item.name }));
        if (named.expiry_date < today) throw new ValidationError(tr('stock.error.expired', { batchNo: named.batch_no, expiryDate: named.expiry_date }));
        batch = named;
      } else {
        const first = batches.find((b) => b.expiry_date >= today && b.balance > 0);
        if (!first) throw new ConflictError(tr('stock.error.noUsableBatch', { item: item.name }));
        if (first.balance < input.quantity) throw new ConflictError(tr('stock.error.notEnoughInBatch', { batchNo: first.batch_no, balance: first.balance, unit: item.unit }));
        batch = first;
      }
      if (batch.balance - input.quantity < 0) throw new ConflictError(tr('stock.error.belowZero', { batchNo: batch.batch_no, balance: batch.balance, unit: item.unit }));
      await stock.insertMovement(movementRow(actor, item.ngo_id, batch.id, input.uid, { kind: 'used', quantity: -input.quantity, reason: null, note: input.note ?? null, caseId: input.caseId ?? null, occurredOn: today }));
    });
  }

  /** A correction with its reason (wastage, breakage, a count, a transfer), audited; never below zero. */
  async adjust(actor: Actor, input: AdjustStockInput): Promise<StockMovement> {
    const found = await this.batchOfScope(recordScope(actor), input.batchId);
    const earlier = await this.earlier(found.ngo_id, input.uid);
    if (earlier) return earlier;
    const item = (await this.uow.repos.stock.findItem(found.ngo_id, found.item_id))!;
    const today = this.today();
    return this.applyOnce(found.ngo_id, input.uid, async ({ stock, audit }) => {
      await stock.lockItem(found.ngo_id, found.item_id);
      const [batch] = await stock.batchesWithBalance(found.ngo_id, { batchId: found.id });
      if (batch!.balance + input.quantity < 0) throw new ConflictError(tr('stock.error.belowZero', { batchNo: batch!.batch_no, balance: batch!.balance, unit: item.unit }));
      await stock.insertMovement(movementRow(actor, found.ngo_id, found.id, input.uid, { kind: 'adjusted', quantity: input.quantity, reason: input.reason, note: input.note ?? null, caseId: null, occurredOn: today }));
      await audit.append(actor, { entity: 'stock_batch', entityId: found.id, action: 'update', ngoId: found.ngo_id, fields: providedFields({ adjustment: input.quantity, reason: input.reason, note: input.note }) });
    });
  }

  /** The stock used on a case, line by line, as its steps' saves left it (docs/stock.md#stock-used-on-a-case). */
  async caseUses(actor: Actor, input: CaseStockUsesInput): Promise<CaseStockUse[]> {
    const scope = recordScope(actor);
    if (!(await this.uow.repos.stock.hasCase(scope, input.caseId))) throw new NotFoundError(tr('stock.error.caseNotFound'));
    return caseStockUses(await this.uow.repos.stock.caseLines(scope, input.caseId));
  }

  /**
   * The month's anti-rabies vaccinations and operations recorded on cases against the vaccine and the
   * anaesthetic used from stock (docs/stock.md#the-abc-report-reconciles): the server counts both sides.
   */
  async reconciliation(actor: Actor, input: StockStatementInput): Promise<StockReconciliation> {
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    return reconcileMonth(this.uow.repos, scope, input.month);
  }

  /** The month's statement: a row per batch that held or moved stock by the month's end, and a total per item. */
  async statement(actor: Actor, input: StockStatementInput): Promise<StockStatement> {
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    const from = `${input.month}-01`;
    const rows = await this.uow.repos.stock.statement(scope, from, `${nextMonth(input.month)}-01`);
    const items: StockStatement['items'] = [];
    for (const row of rows) {
      let item = items.at(-1);
      if (item?.itemId !== row.item_id) {
        item = { itemId: row.item_id, name: row.item_name, kind: row.item_kind as StockItemKind, unit: row.unit, batches: [], total: figures(0, 0, 0, 0) };
        items.push(item);
      }
      const batch = figures(row.opening, row.received, row.used, row.adjusted);
      item.batches.push({ batchId: row.batch_id, batchNo: row.batch_no, expiryDate: row.expiry_date, ...batch });
      item.total = figures(item.total.opening + batch.opening, item.total.received + batch.received, item.total.used + batch.used, item.total.adjusted + batch.adjusted);
    }
    return { month: input.month, items };
  }

  /**
   * The statement as CSV, headings in the reader's language: a line per batch, then the item's total;
   * after a blank line, the month's reconciliation with the ABC report, a row per figure.
   */
  async statementCsv(actor: Actor, input: StockStatementInput): Promise<{ fileName: string; rows: number; body: AsyncIterable<string> }> {
    const statement = await this.statement(actor, input);
    // Every export is in the audit log before its first byte (docs/reports.md#audit).
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    await auditExport(this.uow.repos.audit, actor, scope, 'stockStatement', statement.items.reduce((n, item) => n + item.batches.length, 0), { month: input.month });
    type Line = StockStatementFigures & { item: string; unit: string; batchNo: string; expiryDate: string };
    const lines: Line[] = statement.items.flatMap((item) => [
      ...item.batches.map((b) => ({ ...b, item: item.name, unit: item.unit })),
      { ...item.total, item: item.name, unit: item.unit, batchNo: tr('stock.statement.total'), expiryDate: '' },
    ]);
    const columns: CsvColumn<Line>[] = [
      { header: tr('stock.field.item'), value: (l) => l.item },
      { header: tr('stock.field.unit'), value: (l) => l.unit },
      { header: tr('stock.field.batchNo'), value: (l) => l.batchNo },
      { header: tr('stock.field.expiryDate'), value: (l) => l.expiryDate },
      { header: tr('stock.statement.opening'), value: (l) => l.opening },
      { header: tr('stock.statement.received'), value: (l) => l.received },
      { header: tr('stock.statement.used'), value: (l) => l.used },
      { header: tr('stock.statement.adjusted'), value: (l) => l.adjusted },
      { header: tr('stock.statement.closing'), value: (l) => l.closing },
    ];
    const reconciliation = reconciliationRows(await reconcileMonth(this.uow.repos, scope, input.month));
    const text =
      csvHeader(columns) +
      csvRows(columns, lines) +
      csvLine([]) +
      csvLine([tr('stock.reconcile.title'), tr('stock.reconcile.figure')]) +
      reconciliation.map((row) => csvLine([row.label, row.value])).join('');
    return {
      fileName: `${tr('stock.statement.fileName')}-${input.month}.csv`,
      rows: lines.length,
      body: (async function* () {
        yield text;
      })(),
    };
  }

  /** The statement as a PDF in the reader's language (docs/stock.md#the-monthly-statement), audited as a download. */
  async statementPdf(actor: Actor, input: StockStatementInput): Promise<{ fileName: string; body: Readable }> {
    const statement = await this.statement(actor, input);
    const scope = await listScope(actor, input, this.uow.repos.ngos);
    await auditExport(this.uow.repos.audit, actor, scope, 'stockStatementPdf', statement.items.reduce((n, item) => n + item.batches.length, 0), { month: input.month });
    const ngo = scope === 'all' ? undefined : await this.uow.repos.ngos.findInScope(scope, scope);
    const locale = INTL_LOCALES[activeLanguage()];
    const [year, month] = input.month.split('-').map(Number) as [number, number];
    const monthName = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, 1));
    const numbers = new Intl.NumberFormat(locale);
    const signed = new Intl.NumberFormat(locale, { signDisplay: 'exceptZero' });
    const reconciliation = reconciliationRows(await reconcileMonth(this.uow.repos, scope, input.month));
    const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const generatedAt = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(new Date());
    const doc = renderStatementPdf({
      statement,
      texts: {
        heading: tr('stock.statement.printHeading', { ngo: ngo?.name ?? tr('reports.abc.allNgos'), month: monthName }),
        columns: {
          item: tr('stock.field.item'),
          batch: tr('stock.field.batchNo'),
          expiry: tr('stock.field.expiryDate'),
          opening: tr('stock.statement.opening'),
          received: tr('stock.statement.received'),
          used: tr('stock.statement.used'),
          adjusted: tr('stock.statement.adjusted'),
          closing: tr('stock.statement.closing'),
        },
        total: tr('stock.statement.total'),
        empty: tr('stock.statement.empty'),
        reconciliation: {
          title: tr('stock.reconcile.title'),
          rows: reconciliation.map((row) => ({ label: row.label, value: row.value === null ? '' : (row.signed ? signed : numbers).format(row.value) })),
        },
        generated: tr('reports.pdf.generated', { date: generatedAt, name: actor.name }),
        page: (page, pages) => tr('reports.pdf.page', { page, pages }),
      },
      formatNumber: (n) => numbers.format(n),
      formatDate: (date) => dates.format(Date.parse(`${date}T00:00:00Z`)),
    });
    return { fileName: `${tr('stock.statement.fileName')}-${input.month}.pdf`, body: doc };
  }

  /** The movement already made under this uid, as it was answered the first time. */
  private async earlier(ngoId: number, uid: string): Promise<StockMovement | undefined> {
    const found = await this.uow.repos.stock.findMovement(ngoId, uid);
    return found ? toMovement(found) : undefined;
  }

  /**
   * Runs a write and answers the movement it made. Two copies sent at once may both pass the look-up
   * before; the unique indexes let one land, and whatever the other meets (a unique violation, the
   * batch number taken by its twin, a balance its twin used), it answers the movement its twin made.
   */
  private async applyOnce(ngoId: number, uid: string, write: (repos: Repos) => Promise<void>): Promise<StockMovement> {
    try {
      await this.uow.transaction(async (repos) => {
        if (await repos.stock.findMovement(ngoId, uid)) return;
        await write(repos);
      });
    } catch (err) {
      const twin = await this.earlier(ngoId, uid);
      if (twin) return twin;
      throw err;
    }
    const made = await this.earlier(ngoId, uid);
    if (!made) throw new ConflictError(tr('stock.error.uidUsed'));
    return made;
  }

  private async findItem(actor: Actor, id: number): Promise<StockItemRow> {
    const row = await this.uow.repos.stock.findItem(recordScope(actor), id);
    if (!row) throw new NotFoundError(tr('stock.error.itemNotFound'));
    return row;
  }

  private async batchOfScope(scope: ReturnType<typeof recordScope>, id: number): Promise<BatchWithBalance> {
    const [row] = await this.uow.repos.stock.batchesWithBalance(scope, { batchId: id });
    if (!row) throw new NotFoundError(tr('stock.error.batchNotFound'));
    return row;
  }
}

/** The API's names of the fields an update changed, for the audit log. */
const ITEM_FIELD_NAMES = { name: 'name', unit: 'unit', reorder_level: 'reorderLevel' } as const;
const BATCH_FIELD_NAMES = { batch_no: 'batchNo', expiry_date: 'expiryDate', supplier: 'supplier', cost_paise: 'costPaise' } as const;

function movementRow(actor: Actor, ngoId: number, batchId: number, uid: string, m: NewMovement) {
  return { ngo_id: ngoId, batch_id: batchId, uid, kind: m.kind, quantity: m.quantity, reason: m.reason, note: m.note, case_id: m.caseId, occurred_on: m.occurredOn, created_by: actor.id, line_uid: null, case_step: null };
}

function figures(opening: number, received: number, used: number, adjusted: number): StockStatementFigures {
  return { opening, received, used, adjusted, closing: opening + received - used + adjusted };
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

function toItem(row: StockItemRow): StockItem {
  return { id: row.id, ngoId: row.ngo_id, name: row.name, kind: row.kind as StockItemKind, unit: row.unit, reorderLevel: row.reorder_level };
}

function toBatch(row: BatchWithBalance, today: string): StockBatch {
  return {
    id: row.id,
    itemId: row.item_id,
    batchNo: row.batch_no,
    expiryDate: row.expiry_date,
    supplier: row.supplier,
    receivedOn: row.received_on,
    costPaise: row.cost_paise,
    quantityReceived: row.quantity_received,
    balance: row.balance,
    expired: row.expiry_date < today,
  };
}

function toMovement(row: MovementWithBatch): StockMovement {
  return {
    id: row.id,
    uid: row.uid,
    kind: row.kind as StockMovementKind,
    quantity: row.quantity,
    reason: row.reason as StockAdjustmentReason | null,
    note: row.note,
    caseId: row.case_id,
    itemId: row.item_id,
    batchId: row.batch_id,
    batchNo: row.batch_no,
    expiryDate: row.expiry_date,
    occurredOn: row.occurred_on,
    createdAt: row.created_at,
  };
}
