import { randomUUID } from 'node:crypto';
import { wallClockAt } from '@rescuedesk/shared';
import { describe, expect, it } from 'vitest';
import { useTwoNgoWorldOnce, type Caller } from '../../../test/api';
import { newCase, ok, refused } from '../../../test/cases';

// Every test makes its own items (named with a fresh suffix) and looks only at those.
const ctx = useTwoNgoWorldOnce();

const uid = () => randomUUID();
/** Today and other days on the NGOs' calendar (Asia/Kolkata), as the server counts them. */
const today = () => wallClockAt(Date.now(), 'Asia/Kolkata').date;
const day = (offset: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

interface Item {
  id: number;
  ngoId: number;
  name: string;
}
interface Movement {
  id: number;
  batchId: number;
  batchNo: string;
  quantity: number;
}

async function addItem(caller: Caller, extra: object = {}): Promise<Item> {
  return ok(caller, '/api/stock/createItem', { name: `Anti-rabies vaccine ${uid().slice(0, 8)}`, kind: 'vaccine_rabies', unit: 'dose', ...extra });
}

function receipt(itemId: number, extra: object = {}) {
  return { uid: uid(), itemId, batchNo: `B-${uid().slice(0, 6)}`, expiryDate: day(200), supplier: 'Indian Immunologicals', receivedOn: today(), costPaise: 250_000, quantity: 10, ...extra };
}

async function receive(caller: Caller, itemId: number, extra: object = {}): Promise<Movement> {
  return ok(caller, '/api/stock/receiveBatch', receipt(itemId, extra));
}

/** The item's batches as the stock page shows them. */
async function batchesOf(caller: Caller, itemId: number) {
  const stock = await ok(caller, '/api/stock/getStock', {});
  return stock.items.find((i: Item) => i.id === itemId)?.batches as Array<{ id: number; balance: number; expired: boolean }>;
}

describe('items and receipts', () => {
  it('lets the office add items and receive batches, lets a Worker see and use them, and refuses a Worker managing them', async () => {
    const { inA } = ctx.world;
    const item = await addItem(inA.Manager, { reorderLevel: 5 });
    expect(item).toMatchObject({ kind: 'vaccine_rabies', unit: 'dose', reorderLevel: 5, ngoId: ctx.world.a.id });
    const received = await receive(inA.Founder, item.id);
    expect(received).toMatchObject({ kind: 'received', quantity: 10, itemId: item.id, occurredOn: today() });

    expect((await inA.Worker.post('/api/stock/createItem', { name: 'Xylazine', kind: 'anaesthetic', unit: 'ml' })).statusCode).toBe(403);
    expect((await inA.Worker.post('/api/stock/receiveBatch', receipt(item.id))).statusCode).toBe(403);
    expect((await inA.Worker.post('/api/stock/adjustBatch', { uid: uid(), batchId: received.batchId, reason: 'wastage', quantity: -1 })).statusCode).toBe(403);
    expect(await ok(inA.Worker, '/api/stock/useStock', { uid: uid(), itemId: item.id, quantity: 1 })).toMatchObject({ kind: 'used', quantity: -1, batchId: received.batchId });
    expect(await batchesOf(inA.Worker, item.id)).toMatchObject([{ id: received.batchId, balance: 9 }]);
  });

  it('refuses an item name the NGO already has, a batch number the item already has, and bad quantities and dates, naming the field', async () => {
    const { inA } = ctx.world;
    const item = await addItem(inA.Manager);
    await refused(inA.Founder, '/api/stock/createItem', { name: item.name.toUpperCase(), kind: 'vaccine_rabies', unit: 'dose' }, 409, `This NGO already has a stock item named ${item.name.toUpperCase()}.`);
    await refused(inA.Manager, '/api/stock/createItem', { name: 'Ketamine', kind: 'sedative', unit: 'ml' }, 422, /Kind must be one of/);
    const first = await receive(inA.Manager, item.id);
    await refused(inA.Manager, '/api/stock/receiveBatch', receipt(item.id, { batchNo: first.batchNo.toLowerCase() }), 409, new RegExp(`already has a batch numbered`));
    await refused(inA.Manager, '/api/stock/receiveBatch', receipt(item.id, { quantity: 0 }), 422, /Quantity must be at least 1/);
    await refused(inA.Manager, '/api/stock/receiveBatch', receipt(item.id, { quantity: 2.5 }), 422, /Quantity must be a whole number/);
    await refused(inA.Manager, '/api/stock/receiveBatch', receipt(item.id, { expiryDate: '2027-02-30' }), 422, /Expiry date must be a date/);
    await refused(inA.Manager, '/api/stock/receiveBatch', receipt(item.id, { receivedOn: day(2) }), 422, `Date received (${day(2)}) is in the future: record only what has happened`);
    await refused(inA.Manager, '/api/stock/adjustBatch', { uid: uid(), batchId: first.batchId, reason: 'wastage', quantity: 2 }, 422, /must be below zero for this reason/);
    await refused(inA.Manager, '/api/stock/adjustBatch', { uid: uid(), batchId: first.batchId, reason: 'count', quantity: 0 }, 422, /cannot be zero/);
  });

  it('lets an Admin act on the NGO named in the request, and asks for one', async () => {
    const { a, admin, inA } = ctx.world;
    await refused(admin, '/api/stock/createItem', { name: 'Meloxicam', kind: 'medicine', unit: 'ml' }, 422, 'NGO is required');
    const item = await addItem(admin, { ngoId: a.id });
    expect(item.ngoId).toBe(a.id);
    expect((await ok(inA.Worker, '/api/stock/getStock', {})).items.map((i: Item) => i.id)).toContain(item.id);
  });
});

describe('tenancy', () => {
  it("keeps NGO A's items and batches out of NGO B's reach (404), and out of its lists", async () => {
    const { inA, inB } = ctx.world;
    const item = await addItem(inA.Manager);
    const batch = await receive(inA.Manager, item.id);
    const own = await addItem(inB.Manager);
    await receive(inB.Manager, own.id);
    await refused(inB.Worker, '/api/stock/useStock', { uid: uid(), itemId: item.id, quantity: 1 }, 404, 'Stock item not found.');
    await refused(inB.Worker, '/api/stock/useStock', { uid: uid(), itemId: own.id, batchId: batch.batchId, quantity: 1 }, 404, 'Batch not found.');
    await refused(inB.Manager, '/api/stock/adjustBatch', { uid: uid(), batchId: batch.batchId, reason: 'wastage', quantity: -1 }, 404, 'Batch not found.');
    await refused(inB.Manager, '/api/stock/receiveBatch', receipt(item.id), 404, 'Stock item not found.');
    const seen = await ok(inB.Worker, '/api/stock/getStock', {});
    expect(seen.items.map((i: Item) => i.id)).not.toContain(item.id);
    const statement = await ok(inB.Founder, '/api/stock/getStatement', { month: today().slice(0, 7) });
    expect(statement.items.map((i: { itemId: number }) => i.itemId)).not.toContain(item.id);
    // A case of another NGO cannot be named either.
    const caseOfA = await ok(inA.Worker, '/api/case/createCase', { type: 'Sterilization' });
    await refused(inB.Worker, '/api/stock/useStock', { uid: uid(), itemId: own.id, quantity: 1, caseId: caseOfA.id }, 404, 'Case not found.');
    expect(await batchesOf(inA.Manager, item.id)).toMatchObject([{ balance: 10 }]);
  });
});

describe('using stock', () => {
  it('takes from the batch expiring first that has stock (FEFO), skips an expired one, and refuses it when named', async () => {
    const { inA } = ctx.world;
    const item = await addItem(inA.Manager);
    const expired = await receive(inA.Manager, item.id, { expiryDate: day(-1), receivedOn: day(-60), quantity: 5 });
    const later = await receive(inA.Manager, item.id, { expiryDate: day(300), quantity: 5 });
    const sooner = await receive(inA.Manager, item.id, { expiryDate: day(100), quantity: 2 });
    const caseId = await newCase(inA.Worker);
    const used = await ok(inA.Worker, '/api/stock/useStock', { uid: uid(), itemId: item.id, quantity: 2, caseId, note: 'Vaccinated on release' });
    expect(used).toMatchObject({ batchId: sooner.batchId, quantity: -2, caseId, note: 'Vaccinated on release' });
    // The sooner batch is empty now: the next expiring one.
    expect((await ok(inA.Worker, '/api/stock/useStock', { uid: uid(), itemId: item.id, quantity: 1 })).batchId).toBe(later.batchId);
    await refused(inA.Worker, '/api/stock/useStock', { uid: uid(), itemId: item.id, batchId: expired.batchId, quantity: 1 }, 422, `Batch ${expired.batchNo} expired on ${day(-1)}: an expired batch cannot be used.`);
    // More than the first batch holds is refused, not split.
    await refused(inA.Worker, '/api/stock/useStock', { uid: uid(), itemId: item.id, quantity: 5 }, 409, new RegExp(`Batch ${later.batchNo}, the one expiring first, holds only 4 dose`));
    const batches = await batchesOf(inA.Worker, item.id);
    expect(batches.map((b) => [b.id, b.balance, b.expired])).toEqual([
      [expired.batchId, 5, true],
      [sooner.batchId, 0, false],
      [later.batchId, 4, false],
    ]);
  });

  it('refuses taking a batch below zero, also when six adjustments arrive at once', async () => {
    const { inA } = ctx.world;
    const item = await addItem(inA.Manager);
    const batch = await receive(inA.Manager, item.id, { quantity: 10 });
    await refused(inA.Manager, '/api/stock/adjustBatch', { uid: uid(), batchId: batch.batchId, reason: 'breakage', quantity: -11 }, 409, `Batch ${batch.batchNo} holds 10 dose: this would take it below zero.`);
    await refused(inA.Worker, '/api/stock/useStock', { uid: uid(), itemId: item.id, batchId: batch.batchId, quantity: 11 }, 409, /holds 10 dose: this would take it below zero/);
    // Six at once, each taking 3 of the 10: three fit, three would go below zero.
    const all = await Promise.all([1, 2, 3, 4, 5, 6].map(() => inA.Manager.post('/api/stock/adjustBatch', { uid: uid(), batchId: batch.batchId, reason: 'wastage', quantity: -3 })));
    expect(all.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 409, 409, 409]);
    expect(await batchesOf(inA.Manager, item.id)).toMatchObject([{ balance: 1 }]);
    expect(await ok(inA.Manager, '/api/stock/adjustBatch', { uid: uid(), batchId: batch.batchId, reason: 'count', quantity: 3, note: 'Found in the second fridge' })).toMatchObject({ kind: 'adjusted', reason: 'count', quantity: 3 });
  });

  it('applies a uid sent twice once, answering the first result', async () => {
    const { inA } = ctx.world;
    const item = await addItem(inA.Manager);
    const body = receipt(item.id);
    const first = await ok(inA.Manager, '/api/stock/receiveBatch', body);
    expect(await ok(inA.Manager, '/api/stock/receiveBatch', body)).toEqual(first);
    const use = { uid: uid(), itemId: item.id, quantity: 3 };
    const used = await ok(inA.Worker, '/api/stock/useStock', use);
    expect(await ok(inA.Worker, '/api/stock/useStock', use)).toEqual(used);
    // Two copies of a receipt at once: one batch, both answered with it.
    const receiptTwice = receipt(item.id, { quantity: 4 });
    const receipts = await Promise.all([inA.Manager.post('/api/stock/receiveBatch', receiptTwice), inA.Manager.post('/api/stock/receiveBatch', receiptTwice)]);
    expect(receipts.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(receipts[0]!.json().data).toEqual(receipts[1]!.json().data);
    // Two copies of an adjustment at once: still once.
    const twice = { uid: uid(), batchId: first.batchId, reason: 'wastage', quantity: -1 };
    const answers = await Promise.all([inA.Manager.post('/api/stock/adjustBatch', twice), inA.Manager.post('/api/stock/adjustBatch', twice)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers[0]!.json().data).toEqual(answers[1]!.json().data);
    const balances = (await batchesOf(inA.Manager, item.id)).map((b) => [b.id, b.balance]);
    expect(balances).toEqual(expect.arrayContaining([[first.batchId, 6], [receipts[0]!.json().data.batchId, 4]]));
    expect(balances).toHaveLength(2);
  });
});

describe('alerts and the statement', () => {
  it('alerts on items below their reorder level and batches expiring within 30 days of today in India', async () => {
    const { inA } = ctx.world;
    const low = await addItem(inA.Manager, { reorderLevel: 20 });
    const soon = await receive(inA.Manager, low.id, { expiryDate: day(30), quantity: 8 });
    const notYet = await receive(inA.Manager, low.id, { expiryDate: day(31), quantity: 8 });
    const stock = await ok(inA.Worker, '/api/stock/getStock', {});
    expect(stock.today).toBe(today());
    expect(stock.alerts.lowItems).toContainEqual({ itemId: low.id, name: low.name, usable: 16, reorderLevel: 20 });
    const expiring = stock.alerts.expiringBatches.map((b: { batchId: number }) => b.batchId);
    expect(expiring).toContain(soon.batchId);
    expect(expiring).not.toContain(notYet.batchId);
    expect(stock.items.find((i: Item) => i.id === low.id)).toMatchObject({ usable: 16, low: true });
  });

  it("adds up a month's statement per batch and item: opening + received - used + adjusted = closing, also as CSV", async () => {
    const { inA } = ctx.world;
    const item = await addItem(inA.Manager, { name: `Ceftriaxone ${uid().slice(0, 8)}`, kind: 'medicine', unit: 'vial' });
    // Before this month: 10 in batch A. This month: 5 into batch B, 3 used (from B, expiring first), 2 of A wasted.
    const a = await receive(inA.Manager, item.id, { receivedOn: day(-40), expiryDate: day(400), quantity: 10 });
    const b = await receive(inA.Manager, item.id, { receivedOn: today(), expiryDate: day(200), quantity: 5 });
    await ok(inA.Worker, '/api/stock/useStock', { uid: uid(), itemId: item.id, quantity: 3 });
    await ok(inA.Manager, '/api/stock/adjustBatch', { uid: uid(), batchId: a.batchId, reason: 'wastage', quantity: -2 });
    const month = today().slice(0, 7);
    const statement = await ok(inA.Founder, '/api/stock/getStatement', { month });
    const mine = statement.items.find((i: { itemId: number }) => i.itemId === item.id);
    // day(-40) is always before this month's first day.
    expect(mine.batches).toEqual([
      { batchId: b.batchId, batchNo: b.batchNo, expiryDate: day(200), opening: 0, received: 5, used: 3, adjusted: 0, closing: 2 },
      { batchId: a.batchId, batchNo: a.batchNo, expiryDate: day(400), opening: 10, received: 0, used: 0, adjusted: -2, closing: 8 },
    ]);
    expect(mine.total).toEqual({ opening: 10, received: 5, used: 3, adjusted: -2, closing: 10 });

    const csv = await inA.Founder.post('/api/stock/getStatementCsv', { month });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.replace('\uFEFF', '').split('\r\n');
    expect(lines[0]).toBe('Item,Unit,Batch number,Expiry date,Opening,Received,Used on cases,Adjusted,Closing');
    expect(lines).toContain(`${item.name},vial,${a.batchNo},${day(400)},10,0,0,-2,8`);
    expect(lines).toContain(`${item.name},vial,Total,,10,5,3,-2,10`);
    // The download is in the audit log, as every export is (docs/reports.md#audit).
    const audited = await ctx.t.database.db.selectFrom('audit_log').select(['fields', 'ngo_id']).where('entity', '=', 'export').where('entity_id', '=', 'stockStatement').where('actor_id', '=', inA.Founder.id).execute();
    expect(audited.at(-1)).toMatchObject({ ngo_id: ctx.world.a.id });
    expect(JSON.parse(audited.at(-1)?.fields ?? '[]')).toContain(`month=${month}`);
    await refused(inA.Founder, '/api/stock/getStatement', { month: '2026-13' }, 422, /Month must be a month/);
  });
});
