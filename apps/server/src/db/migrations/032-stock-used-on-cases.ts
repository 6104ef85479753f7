import type { Kysely } from 'kysely';

/**
 * Stock used on a case's step (issue 39, docs/stock.md#stock-used-on-a-case): a use recorded with a
 * vaccination or an operation names the line of the step it belongs to (`line_uid`, given by the
 * phone) and the step. A changed or removed line is answered by a reversing movement of the same
 * line, so the movements stay the record of what happened and a line's quantity is their sum.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stock_movements').addColumn('line_uid', 'text').execute();
  await db.schema.alterTable('stock_movements').addColumn('case_step', 'text').execute();
  await db.schema.createIndex('stock_movements_ngo_case').on('stock_movements').columns(['ngo_id', 'case_id', 'line_uid']).execute();
}

export async function down(): Promise<void> {
  throw new Error('032-stock-used-on-cases cannot be reverted: restore from a backup instead.');
}
