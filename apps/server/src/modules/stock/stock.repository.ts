import { OPERATION_SUPPLY_KINDS } from '@rescuedesk/shared';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { DB, StockBatchRow, StockItemRow, StockMovementRow } from '../../db/schema';
import { scopedTo, type NgoScope } from '../../db/scope';
import { nowIso } from '../../lib/time';

/** Ids bound in one query (well under SQLite's 32,766 parameters and PostgreSQL's 65,535). */
const ID_CHUNK = 1000;

export type BatchWithBalance = StockBatchRow & { balance: number };

/** A movement with the batch it moved: what a receipt, use or adjustment answers, first time and every time after. */
export type MovementWithBatch = StockMovementRow & { item_id: number; batch_no: string; expiry_date: string };

/** A batch and its item, as the statement and a case's lines name them. */
interface ItemBatchRow {
  item_id: number;
  item_name: string;
  item_kind: string;
  unit: string;
  batch_id: number;
  batch_no: string;
  expiry_date: string;
}

/** The columns of ItemBatchRow, from a movement query joined as `b` (batch) and `i` (item). */
const ITEM_BATCH_COLUMNS = ['i.id as item_id', 'i.name as item_name', 'i.kind as item_kind', 'i.unit as unit', 'b.id as batch_id', 'b.batch_no as batch_no', 'b.expiry_date as expiry_date'] as const;
const ITEM_BATCH_GROUP = ['i.id', 'i.name', 'i.kind', 'i.unit', 'b.id', 'b.batch_no', 'b.expiry_date'] as const;

/** A line of stock used on a case, on one of its batches (StockRepository.caseLines). */
export interface CaseLineRow extends ItemBatchRow {
  line_uid: string;
  case_step: string;
  used: number;
  movements: number;
  first_id: number;
}

/** One batch's figures for a month (docs/stock.md#the-monthly-statement). */
export interface StatementRow extends ItemBatchRow {
  opening: number;
  received: number;
  used: number;
  adjusted: number;
}

/**
 * Stock items, batches and movements (docs/stock.md). Every table carries its NGO and every query is
 * confined to one; a balance is always summed from the movements, never read from a stored figure.
 */
export class StockRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async listItems(scope: NgoScope): Promise<StockItemRow[]> {
    return scopedTo(this.db.selectFrom('stock_items').selectAll(), scope).orderBy(sql`lower(name)`).orderBy('id').execute();
  }

  async findItem(scope: NgoScope, id: number): Promise<StockItemRow | undefined> {
    return scopedTo(this.db.selectFrom('stock_items').selectAll().where('id', '=', id), scope).executeTakeFirst();
  }

  /**
   * The item, locked until the commit on PostgreSQL: every write that moves its stock takes this lock
   * first, so two uses or adjustments of its batches check the balance one after the other. SQLite
   * runs one write transaction at a time anyway.
   */
  async lockItem(ngoId: number, id: number): Promise<void> {
    const lock = this.db.getExecutor().adapter instanceof PostgresAdapter ? sql`for update` : sql``;
    await sql`select id from stock_items where id = ${id} and ngo_id = ${ngoId} ${lock}`.execute(this.db);
  }

  /** Another item of the NGO with this name, compared without regard to case (the unique index of migration 028). */
  async itemNamed(ngoId: number, name: string): Promise<StockItemRow | undefined> {
    return scopedTo(this.db.selectFrom('stock_items').selectAll().where(sql<boolean>`lower(name) = lower(${name})`), ngoId).executeTakeFirst();
  }

  async insertItem(values: { ngo_id: number; name: string; kind: string; unit: string; reorder_level: number | null; created_by: number }): Promise<StockItemRow> {
    const now = nowIso();
    return this.db.insertInto('stock_items').values({ ...values, created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
  }

  /** An item's corrected details (name, unit, reorder level); its kind and stock stay. */
  async updateItem(ngoId: number, id: number, values: Partial<Pick<StockItemRow, 'name' | 'unit' | 'reorder_level'>>): Promise<StockItemRow> {
    return this.db.updateTable('stock_items').set({ ...values, updated_at: nowIso() }).where('id', '=', id).where('ngo_id', '=', ngoId).returningAll().executeTakeFirstOrThrow();
  }

  /** A batch's corrected details (number, expiry, supplier, cost); never its quantity, which only movements change. */
  async updateBatch(ngoId: number, id: number, values: Partial<Pick<StockBatchRow, 'batch_no' | 'expiry_date' | 'supplier' | 'cost_paise'>>): Promise<void> {
    await this.db.updateTable('stock_batches').set(values).where('id', '=', id).where('ngo_id', '=', ngoId).execute();
  }

  /** Batches of the scope (or of one item) with their balances, the one expiring first first. */
  async batchesWithBalance(scope: NgoScope, where: { itemId?: number; batchId?: number } = {}): Promise<BatchWithBalance[]> {
    let query = scopedTo(this.db.selectFrom('stock_batches'), scope, 'stock_batches.ngo_id')
      .selectAll('stock_batches')
      .select(sql<number>`coalesce((select sum(m.quantity) from stock_movements m where m.batch_id = stock_batches.id), 0)`.as('balance'));
    if (where.itemId !== undefined) query = query.where('stock_batches.item_id', '=', where.itemId);
    if (where.batchId !== undefined) query = query.where('stock_batches.id', '=', where.batchId);
    const rows = await query.orderBy('stock_batches.expiry_date').orderBy('stock_batches.id').execute();
    return rows.map((r) => ({ ...r, balance: Number(r.balance) }));
  }

  async batchNamed(itemId: number, batchNo: string): Promise<StockBatchRow | undefined> {
    return this.db.selectFrom('stock_batches').selectAll().where('item_id', '=', itemId).where(sql<boolean>`lower(batch_no) = lower(${batchNo})`).executeTakeFirst();
  }

  async insertBatch(values: Omit<StockBatchRow, 'id' | 'created_at'>): Promise<StockBatchRow> {
    return this.db.insertInto('stock_batches').values({ ...values, created_at: nowIso() }).returningAll().executeTakeFirstOrThrow();
  }

  async insertMovement(values: Omit<StockMovementRow, 'id' | 'created_at'>): Promise<void> {
    await this.db.insertInto('stock_movements').values({ ...values, created_at: nowIso() }).execute();
  }

  /** The movement the NGO recorded under this uid, with its batch. */
  async findMovement(ngoId: number, uid: string): Promise<MovementWithBatch | undefined> {
    return scopedTo(this.db.selectFrom('stock_movements'), ngoId, 'stock_movements.ngo_id')
      .innerJoin('stock_batches', 'stock_batches.id', 'stock_movements.batch_id')
      .selectAll('stock_movements')
      .select(['stock_batches.item_id', 'stock_batches.batch_no', 'stock_batches.expiry_date'])
      .where('stock_movements.uid', '=', uid)
      .executeTakeFirst();
  }

  /**
   * The lines of stock used on a case, each batch of a line with what it has used on it (the sum of
   * the line's movements there, so a reversed line reads 0) and how many movements the line has.
   */
  async caseLines(scope: NgoScope, caseId: number): Promise<CaseLineRow[]> {
    const rows = await scopedTo(this.db.selectFrom('stock_movements as m'), scope, 'm.ngo_id')
      .innerJoin('stock_batches as b', 'b.id', 'm.batch_id')
      .innerJoin('stock_items as i', 'i.id', 'b.item_id')
      .where('m.case_id', '=', caseId)
      .where('m.line_uid', 'is not', null)
      .select([
        'm.line_uid as line_uid',
        'm.case_step as case_step',
        ...ITEM_BATCH_COLUMNS,
        sql<number>`-sum(m.quantity)`.as('used'),
        sql<number>`count(*)`.as('movements'),
        sql<number>`min(m.id)`.as('first_id'),
      ])
      .groupBy(['m.line_uid', 'm.case_step', ...ITEM_BATCH_GROUP])
      .orderBy(sql`min(m.id)`)
      .execute();
    return rows.map((r) => ({ ...r, line_uid: r.line_uid!, case_step: r.case_step!, used: Number(r.used), movements: Number(r.movements), first_id: Number(r.first_id) }));
  }

  /**
   * Anti-rabies vaccine used in the scope from `from` up to `until` (a day after the last), in
   * doses: uses less the uses given back.
   */
  async rabiesDosesUsed(scope: NgoScope, from: string, until: string): Promise<number> {
    const row = await scopedTo(this.db.selectFrom('stock_movements as m'), scope, 'm.ngo_id')
      .innerJoin('stock_batches as b', 'b.id', 'm.batch_id')
      .innerJoin('stock_items as i', 'i.id', 'b.item_id')
      .where('m.kind', '=', 'used')
      .where('i.kind', '=', 'vaccine_rabies')
      .where('m.occurred_on', '>=', from)
      .where('m.occurred_on', '<', until)
      .select(sql<number>`coalesce(-sum(m.quantity), 0)`.as('used'))
      .executeTakeFirst();
    return Number(row?.used ?? 0);
  }

  /**
   * The month's rabies vaccinations on live cases against the anti-rabies vaccine used from stock
   * (docs/stock.md#the-abc-report-reconciles): the Stock page's figures and the ABC report's line.
   */
  async reconciliation(scope: NgoScope, from: string, until: string): Promise<{ rabiesVaccinations: number; rabiesDosesUsed: number; difference: number }> {
    const [rabiesVaccinations, rabiesDosesUsed] = await Promise.all([this.vaccinationsRecorded(scope, from, until), this.rabiesDosesUsed(scope, from, until)]);
    return { rabiesVaccinations, rabiesDosesUsed, difference: rabiesDosesUsed - rabiesVaccinations };
  }

  /**
   * How many of the given cases have an anaesthetic line from stock standing on their operation step
   * (its movements summing to a use, so a line given back in full does not count).
   */
  async casesWithAnaesthetic(scope: NgoScope, caseIds: readonly number[]): Promise<number> {
    let found = 0;
    for (let start = 0; start < caseIds.length; start += ID_CHUNK) {
      const rows = await scopedTo(this.db.selectFrom('stock_movements as m'), scope, 'm.ngo_id')
        .innerJoin('stock_batches as b', 'b.id', 'm.batch_id')
        .innerJoin('stock_items as i', 'i.id', 'b.item_id')
        .where('m.case_id', 'in', caseIds.slice(start, start + ID_CHUNK))
        .where('m.case_step', '=', 'operationDetail')
        .where('i.kind', '=', 'anaesthetic')
        .select('m.case_id')
        .groupBy('m.case_id')
        .having(sql<boolean>`sum(m.quantity) < 0`)
        .execute();
      found += rows.length;
    }
    return found;
  }

  /**
   * Anaesthetic and sutures used on cases in the scope from `from` up to `until` (a day after the
   * last), item by item in the item's unit: uses less the uses given back; items that end at 0 left out.
   */
  async operationSuppliesUsed(scope: NgoScope, from: string, until: string): Promise<Array<{ item_id: number; name: string; kind: string; unit: string; used: number }>> {
    const rows = await scopedTo(this.db.selectFrom('stock_movements as m'), scope, 'm.ngo_id')
      .innerJoin('stock_batches as b', 'b.id', 'm.batch_id')
      .innerJoin('stock_items as i', 'i.id', 'b.item_id')
      .where('m.kind', '=', 'used')
      .where('m.case_id', 'is not', null)
      .where('i.kind', 'in', [...OPERATION_SUPPLY_KINDS])
      .where('m.occurred_on', '>=', from)
      .where('m.occurred_on', '<', until)
      .select(['i.id as item_id', 'i.name as name', 'i.kind as kind', 'i.unit as unit', sql<number>`-sum(m.quantity)`.as('used')])
      .groupBy(['i.id', 'i.name', 'i.kind', 'i.unit'])
      .orderBy('i.kind')
      .orderBy(sql`lower(i.name)`)
      .orderBy('i.id')
      .execute();
    return rows.map((r) => ({ ...r, used: Number(r.used) })).filter((r) => r.used !== 0);
  }

  /** Live cases of the scope with an anti-rabies vaccination dated from `from` up to `until` (a day after the last). */
  async vaccinationsRecorded(scope: NgoScope, from: string, until: string): Promise<number> {
    const row = await scopedTo(this.db.selectFrom('cases'), scope)
      .where('deleted_at', 'is', null)
      .where('vaccination_date', '>=', from)
      .where('vaccination_date', '<', until)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Whether the NGO has this case (deleted or not: stock used on it stays used). */
  async hasCase(scope: NgoScope, caseId: number): Promise<boolean> {
    const row = await scopedTo(this.db.selectFrom('cases').select('id').where('id', '=', caseId), scope).executeTakeFirst();
    return row !== undefined;
  }

  /**
   * A month's figures for every batch of the scope that had any movement by the month's end:
   * what it held before the month's first day, and what was received, used and adjusted within it.
   */
  async statement(scope: NgoScope, from: string, until: string): Promise<StatementRow[]> {
    const inMonth = (kind: string) => sql<number>`coalesce(sum(case when m.kind = ${kind} and m.occurred_on >= ${from} then m.quantity else 0 end), 0)`;
    const rows = await scopedTo(this.db.selectFrom('stock_movements as m'), scope, 'm.ngo_id')
      .innerJoin('stock_batches as b', 'b.id', 'm.batch_id')
      .innerJoin('stock_items as i', 'i.id', 'b.item_id')
      .where('m.occurred_on', '<', until)
      .select([
        ...ITEM_BATCH_COLUMNS,
        sql<number>`coalesce(sum(case when m.occurred_on < ${from} then m.quantity else 0 end), 0)`.as('opening'),
        inMonth('received').as('received'),
        inMonth('used').as('used'),
        inMonth('adjusted').as('adjusted'),
      ])
      .groupBy([...ITEM_BATCH_GROUP])
      .orderBy(sql`lower(i.name)`)
      .orderBy('i.id')
      .orderBy('b.expiry_date')
      .orderBy('b.id')
      .execute();
    return rows.map((r) => ({ ...r, opening: Number(r.opening), received: Number(r.received), used: -Number(r.used), adjusted: Number(r.adjusted) }));
  }
}
