import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Medicine and vaccine stock by batch (issue 39, docs/stock.md): an NGO's items, the batches it
 * received of each, and every movement of a batch. A batch's balance is the sum of its movements and
 * is stored nowhere else. A movement carries the id its sender gave it (`uid`, unique in the NGO), so
 * a receipt, use or adjustment sent twice is applied once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stock_items')
    .$call(idColumn(db))
    .addColumn('ngo_id', 'integer', (c) => c.notNull().references('ngos.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('reorder_level', 'integer')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stock_items_ngo_name').on('stock_items').unique().expression(sql`ngo_id, lower(name)`).execute();

  await db.schema
    .createTable('stock_batches')
    .$call(idColumn(db))
    .addColumn('ngo_id', 'integer', (c) => c.notNull().references('ngos.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('stock_items.id'))
    .addColumn('batch_no', 'text', (c) => c.notNull())
    .addColumn('expiry_date', 'text', (c) => c.notNull())
    .addColumn('supplier', 'text')
    .addColumn('received_on', 'text', (c) => c.notNull())
    .addColumn('cost_paise', 'integer')
    .addColumn('quantity_received', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stock_batches_item_batch_no').on('stock_batches').unique().expression(sql`item_id, lower(batch_no)`).execute();
  await db.schema.createIndex('stock_batches_ngo_expiry').on('stock_batches').columns(['ngo_id', 'expiry_date']).execute();

  await db.schema
    .createTable('stock_movements')
    .$call(idColumn(db))
    .addColumn('ngo_id', 'integer', (c) => c.notNull().references('ngos.id'))
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('stock_batches.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('note', 'text')
    .addColumn('case_id', 'integer', (c) => c.references('cases.id'))
    .addColumn('uid', 'text', (c) => c.notNull())
    // The day it happened on the NGOs' calendar: the statement's month is read from it.
    .addColumn('occurred_on', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stock_movements_ngo_uid').on('stock_movements').unique().columns(['ngo_id', 'uid']).execute();
  await db.schema.createIndex('stock_movements_batch_day').on('stock_movements').columns(['batch_id', 'occurred_on']).execute();
}

export async function down(): Promise<void> {
  throw new Error('028-stock cannot be reverted: restore from a backup instead.');
}
