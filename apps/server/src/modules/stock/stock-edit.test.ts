import { randomUUID } from 'node:crypto';
import { wallClockAt } from '@rescuedesk/shared';
import { describe, expect, it } from 'vitest';
import { useTwoNgoWorldOnce, type Caller } from '../../../test/api';
import { ok, refused } from '../../../test/cases';

// Correcting an item's or a batch's details (docs/stock.md#correcting-an-item-or-a-batch). Every
// test makes its own items and looks only at those.
const ctx = useTwoNgoWorldOnce();

const uid = () => randomUUID();
const today = () => wallClockAt(Date.now(), 'Asia/Kolkata').date;
const day = (offset: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

async function itemWithBatch(caller: Caller) {
  const item = await ok(caller, '/api/stock/createItem', { name: `Xylazine ${uid().slice(0, 8)}`, kind: 'anaesthetic', unit: 'ml', reorderLevel: 5 });
  const received = await ok(caller, '/api/stock/receiveBatch', { uid: uid(), itemId: item.id, batchNo: `XY-${uid().slice(0, 6)}`, expiryDate: day(200), supplier: 'Indian Immunologicals', receivedOn: today(), costPaise: 250_000, quantity: 10 });
  return { item, batchId: received.batchId as number, batchNo: received.batchNo as string };
}

/** What the audit log holds of a stock record's updates: the names of the fields, never their values. */
async function auditedFields(entity: string, entityId: number): Promise<string[][]> {
  const rows = await ctx.t.database.db.selectFrom('audit_log').select('fields').where('entity', '=', entity).where('entity_id', '=', String(entityId)).where('action', '=', 'update').orderBy('id').execute();
  return rows.map((r) => JSON.parse(r.fields) as string[]);
}

async function batchOf(caller: Caller, itemId: number, batchId: number) {
  const stock = await ok(caller, '/api/stock/getStock', {});
  const item = stock.items.find((i: { id: number }) => i.id === itemId);
  return { item, batch: item.batches.find((b: { id: number }) => b.id === batchId) };
}

describe('correcting an item', () => {
  it("lets the office correct an item's name, unit and reorder level, audited by field name, and keeps its kind", async () => {
    const { inA } = ctx.world;
    const { item } = await itemWithBatch(inA.Manager);
    const renamed = `Xylazine 2% ${uid().slice(0, 8)}`;
    const updated = await ok(inA.Manager, '/api/stock/updateItem', { itemId: item.id, name: renamed, unit: 'vial', reorderLevel: null, kind: 'medicine' });
    expect(updated).toEqual({ id: item.id, ngoId: ctx.world.a.id, name: renamed, kind: 'anaesthetic', unit: 'vial', reorderLevel: null });
    expect((await batchOf(inA.Worker, item.id, 0)).item).toMatchObject({ name: renamed, unit: 'vial', reorderLevel: null, low: false });
    // The same values again change nothing and write nothing to the log.
    await ok(inA.Founder, '/api/stock/updateItem', { itemId: item.id, name: renamed, unit: 'vial' });
    expect(await auditedFields('stock_item', item.id)).toEqual([['name', 'unit', 'reorderLevel']]);
  });

  it("refuses a Worker, another NGO's item, a name the NGO already has and an empty name", async () => {
    const { inA, inB } = ctx.world;
    const { item } = await itemWithBatch(inA.Manager);
    const other = await itemWithBatch(inA.Manager);
    expect((await inA.Worker.post('/api/stock/updateItem', { itemId: item.id, name: 'Ketamine' })).statusCode).toBe(403);
    await refused(inB.Manager, '/api/stock/updateItem', { itemId: item.id, name: 'Ketamine' }, 404, 'Stock item not found.');
    await refused(inA.Manager, '/api/stock/updateItem', { itemId: item.id, name: other.item.name.toLowerCase() }, 409, `This NGO already has a stock item named ${other.item.name.toLowerCase()}.`);
    await refused(inA.Manager, '/api/stock/updateItem', { itemId: item.id, name: '  ' }, 422, 'Item name is required');
    expect((await batchOf(inA.Worker, item.id, 0)).item.name).toBe(item.name);
  });
});

describe('correcting a batch', () => {
  it("lets the office correct a batch's number, expiry, supplier and cost, audited by field name, and never its quantity", async () => {
    const { inA } = ctx.world;
    const { item, batchId } = await itemWithBatch(inA.Manager);
    await ok(inA.Worker, '/api/stock/useStock', { uid: uid(), itemId: item.id, quantity: 3 });
    const batchNo = `XY-${uid().slice(0, 6)}`;
    const updated = await ok(inA.Manager, '/api/stock/updateBatch', { batchId, batchNo, expiryDate: day(100), supplier: '', costPaise: 199_900, quantity: 50 });
    expect(updated).toMatchObject({ id: batchId, batchNo, expiryDate: day(100), supplier: null, costPaise: 199_900, quantityReceived: 10, balance: 7, expired: false });
    expect((await batchOf(inA.Worker, item.id, batchId)).batch).toMatchObject({ batchNo, balance: 7 });
    expect(await auditedFields('stock_batch', batchId)).toEqual([['batchNo', 'expiryDate', 'supplier', 'costPaise']]);
    // The statement follows: the batch's new number, the same figures.
    const statement = await ok(inA.Worker, '/api/stock/getStatement', { month: today().slice(0, 7) });
    expect(statement.items.find((i: { itemId: number }) => i.itemId === item.id).batches).toEqual([expect.objectContaining({ batchNo, received: 10, used: 3, closing: 7 })]);
  });

  it("refuses a Worker, another NGO's batch, a number the item already has and a date that is not one", async () => {
    const { inA, inB } = ctx.world;
    const { item, batchId } = await itemWithBatch(inA.Manager);
    const second = await ok(inA.Manager, '/api/stock/receiveBatch', { uid: uid(), itemId: item.id, batchNo: `XY-${uid().slice(0, 6)}`, expiryDate: day(300), receivedOn: today(), quantity: 5 });
    expect((await inA.Worker.post('/api/stock/updateBatch', { batchId, supplier: 'Someone' })).statusCode).toBe(403);
    await refused(inB.Manager, '/api/stock/updateBatch', { batchId, supplier: 'Someone' }, 404, 'Batch not found.');
    await refused(inA.Manager, '/api/stock/updateBatch', { batchId, batchNo: second.batchNo.toLowerCase() }, 409, new RegExp('already has a batch numbered'));
    await refused(inA.Manager, '/api/stock/updateBatch', { batchId, expiryDate: '2027-02-30' }, 422, /Expiry date must be a date/);
    expect(await auditedFields('stock_batch', batchId)).toEqual([]);
  });
});
