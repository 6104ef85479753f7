import { randomUUID } from 'node:crypto';
import { wallClockAt } from '@rescuedesk/shared';
import { describe, expect, it } from 'vitest';
import { useTwoNgoWorldOnce, type Caller } from '../../../test/api';
import { newCase, ok, refused } from '../../../test/cases';
import { readPdf } from '../../../test/pdf';

// Stock used with a case's vaccination or operation (docs/stock.md#stock-used-on-a-case). Every test
// makes its own items, batches and cases and looks only at those.
const ctx = useTwoNgoWorldOnce();

const uid = () => randomUUID();
const today = () => wallClockAt(Date.now(), 'Asia/Kolkata').date;
const day = (offset: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const month = () => today().slice(0, 7);

async function itemWithBatches(caller: Caller, batches: Array<{ expiry: number; quantity: number; receivedDaysAgo?: number }>, kind = 'vaccine_rabies') {
  const item = await ok(caller, '/api/stock/createItem', { name: `${kind === 'vaccine_rabies' ? 'Rabies vaccine' : kind} ${uid().slice(0, 8)}`, kind, unit: kind === 'anaesthetic' ? 'ml' : 'dose' });
  const ids: number[] = [];
  for (const b of batches) {
    const received = await ok(caller, '/api/stock/receiveBatch', {
      uid: uid(),
      itemId: item.id,
      batchNo: `B-${uid().slice(0, 6)}`,
      expiryDate: day(b.expiry),
      receivedOn: day(-(b.receivedDaysAgo ?? 0)),
      quantity: b.quantity,
    });
    ids.push(received.batchId);
  }
  return { itemId: item.id as number, batchIds: ids };
}

async function balances(caller: Caller, itemId: number): Promise<number[]> {
  const stock = await ok(caller, '/api/stock/getStock', {});
  return stock.items.find((i: { id: number }) => i.id === itemId).batches.map((b: { balance: number }) => b.balance);
}

const vaccination = (caseId: number, stockUses: object[]) => ({ caseId, vaccineName: 'Raksharab', vaccinationDate: today(), stockUses });

describe('stock used with a step', () => {
  it('deducts the vaccine from the batch expiring first, with the step, and the case shows the line', async () => {
    const { inA } = ctx.world;
    const { itemId, batchIds } = await itemWithBatches(inA.Manager, [
      { expiry: 300, quantity: 10 },
      { expiry: 100, quantity: 5 },
    ]);
    const caseId = await newCase(inA.Worker);
    const line = uid();
    const saved = await ok(inA.Worker, '/api/case/updateMedicalDetail', vaccination(caseId, [{ uid: line, itemId, quantity: 2 }]));
    expect(saved.medicalDetail.vaccineName).toBe('Raksharab');
    expect(await balances(inA.Worker, itemId)).toEqual([3, 10]);
    expect(await ok(inA.Worker, '/api/stock/getCaseStockUses', { caseId })).toMatchObject([{ uid: line, step: 'medicalDetail', itemId, batchId: batchIds[1], quantity: 2, unit: 'dose' }]);
  });

  it("fills the ABC record's vaccine, batch and expiry from the stock line, and keeps what was typed", async () => {
    const { inA } = ctx.world;
    const { itemId } = await itemWithBatches(inA.Manager, [{ expiry: 200, quantity: 5 }]);
    const stock = await ok(inA.Worker, '/api/stock/getStock', {});
    const item = stock.items.find((i: { id: number }) => i.id === itemId);
    const caseId = await newCase(inA.Worker);
    const saved = await ok(inA.Worker, '/api/case/updateMedicalDetail', { caseId, vaccinationDate: today(), stockUses: [{ uid: uid(), itemId, quantity: 1 }] });
    expect(saved.medicalDetail).toMatchObject({ vaccineName: item.name, vaccineBatch: item.batches[0].batchNo, vaccineExpiry: day(200) });

    // A vaccine name typed on the step is the user's: the stock line fills only what was left empty.
    const typed = await newCase(inA.Worker);
    const kept = await ok(inA.Worker, '/api/case/updateMedicalDetail', vaccination(typed, [{ uid: uid(), itemId, quantity: 1 }]));
    expect(kept.medicalDetail).toMatchObject({ vaccineName: 'Raksharab', vaccineBatch: item.batches[0].batchNo, vaccineExpiry: day(200) });
  });

  it('takes from the batch the user picked, and an operation records several items', async () => {
    const { inA } = ctx.world;
    const vaccine = await itemWithBatches(inA.Manager, [
      { expiry: 100, quantity: 5 },
      { expiry: 300, quantity: 10 },
    ]);
    const suture = await itemWithBatches(inA.Manager, [{ expiry: 400, quantity: 20 }], 'suture');
    const caseId = await newCase(inA.Worker);
    await ok(inA.Worker, '/api/case/updateMedicalDetail', vaccination(caseId, [{ uid: uid(), itemId: vaccine.itemId, batchId: vaccine.batchIds[1], quantity: 1 }]));
    await ok(inA.Worker, '/api/case/updateOperationDetail', { caseId, operationDate: today(), stockUses: [{ uid: uid(), itemId: suture.itemId, quantity: 3 }] });
    expect(await balances(inA.Worker, vaccine.itemId)).toEqual([5, 9]);
    expect(await balances(inA.Worker, suture.itemId)).toEqual([17]);
    const uses = await ok(inA.Worker, '/api/stock/getCaseStockUses', { caseId });
    expect(uses.map((u: { step: string; quantity: number }) => [u.step, u.quantity])).toEqual([
      ['medicalDetail', 1],
      ['operationDetail', 3],
    ]);
  });

  it('deducts once when the same save is sent again, with or without its Idempotency-Key', async () => {
    const { inA } = ctx.world;
    const { itemId } = await itemWithBatches(inA.Manager, [{ expiry: 100, quantity: 10 }]);
    const caseId = await newCase(inA.Worker);
    const body = vaccination(caseId, [{ uid: uid(), itemId, quantity: 2 }]);
    const key = uid();
    const send = () => ctx.t.app.inject({ method: 'POST', url: '/api/case/updateMedicalDetail', payload: body, headers: { cookie: inA.Worker.cookie, 'idempotency-key': key } });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    // The same lines in new saves (no key), two at once: the step already stands so, nothing moves.
    const [again, twin] = await Promise.all([inA.Worker.post('/api/case/updateMedicalDetail', body), inA.Worker.post('/api/case/updateMedicalDetail', body)]);
    expect([again.statusCode, twin.statusCode]).toEqual([200, 200]);
    expect(await balances(inA.Worker, itemId)).toEqual([8]);
  });

  it('moves only the difference when a line changes, and gives a removed line back, keeping every movement', async () => {
    const { inA } = ctx.world;
    const { itemId, batchIds } = await itemWithBatches(inA.Manager, [{ expiry: 100, quantity: 10 }]);
    const caseId = await newCase(inA.Worker);
    const line = uid();
    await ok(inA.Worker, '/api/case/updateMedicalDetail', vaccination(caseId, [{ uid: line, itemId, quantity: 3 }]));
    await ok(inA.Worker, '/api/case/updateMedicalDetail', vaccination(caseId, [{ uid: line, itemId, quantity: 1 }]));
    expect(await balances(inA.Worker, itemId)).toEqual([9]);
    // A save without stockUses leaves the lines as they are.
    await ok(inA.Worker, '/api/case/updateMedicalDetail', { caseId, vaccineName: 'Rabivax' });
    expect(await balances(inA.Worker, itemId)).toEqual([9]);
    await ok(inA.Worker, '/api/case/updateMedicalDetail', { caseId, stockUses: [] });
    expect(await balances(inA.Worker, itemId)).toEqual([10]);
    expect(await ok(inA.Worker, '/api/stock/getCaseStockUses', { caseId })).toEqual([]);

    const movements = await ctx.t.database.db.selectFrom('stock_movements').select(['uid', 'quantity', 'kind']).where('batch_id', '=', batchIds[0]!).where('case_id', '=', caseId).orderBy('id').execute();
    expect(movements).toEqual([
      { uid: line, quantity: -3, kind: 'used' },
      { uid: `${line}~1`, quantity: 2, kind: 'used' },
      { uid: `${line}~2`, quantity: 1, kind: 'used' },
    ]);
    const statement = await ok(inA.Worker, '/api/stock/getStatement', { month: month() });
    expect(statement.items.find((i: { itemId: number }) => i.itemId === itemId).total).toMatchObject({ received: 10, used: 0, closing: 10 });
  });

  it('refuses an expired batch and more than a batch holds, saving nothing of the step', async () => {
    const { inA } = ctx.world;
    const { itemId, batchIds } = await itemWithBatches(inA.Manager, [
      { expiry: -1, quantity: 5, receivedDaysAgo: 30 },
      { expiry: 100, quantity: 2 },
    ]);
    const caseId = await newCase(inA.Worker);
    const item = (await ok(inA.Worker, '/api/stock/getStock', {})).items.find((i: { id: number }) => i.id === itemId);
    await refused(inA.Worker, '/api/case/updateMedicalDetail', vaccination(caseId, [{ uid: uid(), itemId, batchId: batchIds[0], quantity: 1 }]), 422, new RegExp(`^${item.name}: batch .* expired on ${day(-1)}, and an expired batch cannot be used.$`));
    await refused(inA.Worker, '/api/case/updateMedicalDetail', vaccination(caseId, [{ uid: uid(), itemId, quantity: 3 }]), 409, new RegExp(`^${item.name}: batch .*, the one expiring first, holds only 2 dose`));
    await refused(inA.Worker, '/api/case/updateMedicalDetail', vaccination(caseId, [{ uid: uid(), itemId, batchId: batchIds[1], quantity: 3 }]), 409, new RegExp(`^${item.name}: batch .* holds only 2 dose`));
    const stored = await ok(inA.Worker, '/api/case/getCaseById', { id: caseId });
    expect(stored.medicalDetail.vaccineName).toBeNull();
    expect(await balances(inA.Worker, itemId)).toEqual([5, 2]);
    await refused(inA.Worker, '/api/case/updateMedicalDetail', vaccination(caseId, [{ uid: 'x', itemId, quantity: 1 }]), 422, 'Line ID must be 8 to 64 letters, digits, - or _.');
    await refused(inA.Worker, '/api/case/updateMedicalDetail', vaccination(caseId, [{ uid: uid(), itemId, quantity: 0 }]), 422, /Quantity must be at least 1/);
  });

  it("refuses another NGO's item and reads no other NGO's case", async () => {
    const { inA, inB } = ctx.world;
    const { itemId } = await itemWithBatches(inB.Manager, [{ expiry: 100, quantity: 5 }]);
    const caseId = await newCase(inA.Worker);
    await refused(inA.Worker, '/api/case/updateMedicalDetail', vaccination(caseId, [{ uid: uid(), itemId, quantity: 1 }]), 404, 'Stock item not found.');
    expect(await balances(inB.Worker, itemId)).toEqual([5]);
    await refused(inB.Worker, '/api/stock/getCaseStockUses', { caseId }, 404, 'Case not found.');
  });
});

describe('the ABC report reconciles', () => {
  it("counts the month's rabies vaccinations on cases against the doses used from stock", async () => {
    const { inB } = ctx.world;
    const before = await ok(inB.Manager, '/api/stock/getReconciliation', { month: month() });
    const { itemId } = await itemWithBatches(inB.Manager, [{ expiry: 100, quantity: 10 }]);
    const withStock = await newCase(inB.Worker);
    await ok(inB.Worker, '/api/case/updateMedicalDetail', vaccination(withStock, [{ uid: uid(), itemId, quantity: 1 }]));
    const withoutStock = await newCase(inB.Worker);
    await ok(inB.Worker, '/api/case/updateMedicalDetail', { caseId: withoutStock, vaccinationDate: today() });
    const after = await ok(inB.Manager, '/api/stock/getReconciliation', { month: month() });
    expect(after).toMatchObject({
      rabiesVaccinations: before.rabiesVaccinations + 2,
      rabiesDosesUsed: before.rabiesDosesUsed + 1,
      difference: before.difference - 1,
    });

    // The report's PDF prints the same figures under its table.
    const pdf = await ctx.t.app.inject({ method: 'POST', url: '/api/report/getAbcReportPdf', payload: { month: month() }, headers: { cookie: inB.Manager.cookie } });
    expect(pdf.statusCode).toBe(200);
    expect(readPdf(pdf.rawPayload).text.replace(/\s+/g, ' ')).toContain(
      `Vaccine used from stock: anti-rabies vaccinations recorded on cases ${after.rabiesVaccinations}; anti-rabies vaccine doses used from stock ${after.rabiesDosesUsed}; difference ${after.difference}.`,
    );
  });
});

describe('the ABC report reconciles operations', () => {
  /** A Sterilization case of a dog (what the ABC report counts) operated today, with the operation step's stock lines. */
  async function operatedDog(caller: Caller, stockUses: object[], species = 'Dog'): Promise<number> {
    const caseId = await newCase(caller);
    await ok(caller, '/api/case/updateAnimalDetail', { caseId, animalSpecies: species });
    await ok(caller, '/api/case/updateOperationDetail', { caseId, operationDate: today(), stockUses });
    return caseId;
  }

  it("counts the month's operations as the ABC report does against the anaesthetic and sutures recorded from stock", async () => {
    const { inA, inB } = ctx.world;
    const before = await ok(inA.Manager, '/api/stock/getReconciliation', { month: month() });
    const operatedBefore = (await ok(inA.Manager, '/api/report/getAbcReport', { month: month() })).total.operatedTotal;
    const anaesthetic = await itemWithBatches(inA.Manager, [{ expiry: 200, quantity: 50 }], 'anaesthetic');
    const suture = await itemWithBatches(inA.Manager, [{ expiry: 200, quantity: 20 }], 'suture');

    await operatedDog(inA.Worker, [
      { uid: uid(), itemId: anaesthetic.itemId, quantity: 3 },
      { uid: uid(), itemId: suture.itemId, quantity: 2 },
    ]);
    await operatedDog(inA.Worker, [{ uid: uid(), itemId: suture.itemId, quantity: 1 }]);
    await operatedDog(inA.Worker, []);
    // An anaesthetic recorded and then given back (the line removed) is no anaesthetic.
    const reversed = await operatedDog(inA.Worker, [{ uid: uid(), itemId: anaesthetic.itemId, quantity: 2 }]);
    await ok(inA.Worker, '/api/case/updateOperationDetail', { caseId: reversed, stockUses: [] });
    // A cat is not in the ABC report's operations, but what it used was used on a case.
    await operatedDog(inA.Worker, [{ uid: uid(), itemId: anaesthetic.itemId, quantity: 1 }], 'Cat');
    // Another NGO's operation and stock count in its own figures only.
    const otherAnaesthetic = await itemWithBatches(inB.Manager, [{ expiry: 200, quantity: 10 }], 'anaesthetic');
    await operatedDog(inB.Worker, [{ uid: uid(), itemId: otherAnaesthetic.itemId, quantity: 4 }]);

    const after = await ok(inA.Manager, '/api/stock/getReconciliation', { month: month() });
    const operatedAfter = (await ok(inA.Manager, '/api/report/getAbcReport', { month: month() })).total.operatedTotal;
    expect(operatedAfter).toBe(operatedBefore + 4);
    expect(after).toMatchObject({
      rabiesVaccinations: before.rabiesVaccinations,
      operations: before.operations + 4,
      operationsWithAnaesthetic: before.operationsWithAnaesthetic + 1,
      operationsWithoutAnaesthetic: before.operationsWithoutAnaesthetic + 3,
    });
    expect(after.operations).toBe(operatedAfter);
    const supplies = after.operationSupplies.filter((s: { itemId: number }) => [anaesthetic.itemId, suture.itemId, otherAnaesthetic.itemId].includes(s.itemId));
    expect(supplies).toEqual([
      { itemId: anaesthetic.itemId, name: expect.stringMatching(/^anaesthetic /), kind: 'anaesthetic', unit: 'ml', usedOnCases: 4 },
      { itemId: suture.itemId, name: expect.stringMatching(/^suture /), kind: 'suture', unit: 'dose', usedOnCases: 3 },
    ]);
    const other = await ok(inB.Manager, '/api/stock/getReconciliation', { month: month() });
    expect(other.operationSupplies).toContainEqual(expect.objectContaining({ itemId: otherAnaesthetic.itemId, usedOnCases: 4 }));
    expect(other.operationSupplies.map((s: { itemId: number }) => s.itemId)).not.toContain(anaesthetic.itemId);

    // The report's PDF prints the operations line under the vaccine line.
    const pdf = await ctx.t.app.inject({ method: 'POST', url: '/api/report/getAbcReportPdf', payload: { month: month() }, headers: { cookie: inA.Manager.cookie } });
    expect(pdf.statusCode).toBe(200);
    const printed = readPdf(pdf.rawPayload).text.replace(/\s+/g, ' ');
    expect(printed).toContain(
      `Operations against stock: operations recorded on cases (the ABC report's count) ${after.operations}; with an anaesthetic from stock on their operation step ${after.operationsWithAnaesthetic}; with no anaesthetic recorded from stock ${after.operationsWithoutAnaesthetic}.`,
    );
    expect(printed).toMatch(/Anaesthetic and sutures used on cases: .*anaesthetic \S+ 4 ml/);

    // The statement's CSV and PDF carry the same rows after the batches.
    const csv = await ctx.t.app.inject({ method: 'POST', url: '/api/stock/getStatementCsv', payload: { month: month() }, headers: { cookie: inA.Manager.cookie } });
    expect(csv.statusCode).toBe(200);
    const csvLines = csv.body.split('\r\n');
    expect(csvLines).toContain('Stock against the ABC report,Figure');
    expect(csvLines).toContain(`Operations recorded on cases (the ABC report's count),${after.operations}`);
    expect(csvLines).toContain(`Operations with no anaesthetic recorded from stock,${after.operationsWithoutAnaesthetic}`);
    expect(csvLines).toContain(`Anaesthetic used on cases: ${supplies[0].name} (ml),4`);
    const statementPdf = await ctx.t.app.inject({ method: 'POST', url: '/api/stock/getStatementPdf', payload: { month: month() }, headers: { cookie: inA.Manager.cookie, 'accept-language': 'hi' } });
    expect(statementPdf.statusCode).toBe(200);
    // Hindi comes out of the PDF in glyph order; the row is found by its Latin part and its figure.
    const hindiRow = readPdf(statementPdf.rawPayload).text.split('\n').find((line) => line.includes('ऑपरेशन (ABC'));
    expect(hindiRow?.trim().split(/\s+/).at(-1)).toBe(String(after.operations));
  });
});

describe('the statement as a PDF', () => {
  it("prints the month's statement in the reader's language, with the stock used on cases", async () => {
    const { inA } = ctx.world;
    const { itemId } = await itemWithBatches(inA.Manager, [{ expiry: 100, quantity: 10 }]);
    const item = (await ok(inA.Worker, '/api/stock/getStock', {})).items.find((i: { id: number }) => i.id === itemId);
    const caseId = await newCase(inA.Worker);
    await ok(inA.Worker, '/api/case/updateMedicalDetail', vaccination(caseId, [{ uid: uid(), itemId, quantity: 3 }]));
    const download = (language: string) => ctx.t.app.inject({ method: 'POST', url: '/api/stock/getStatementPdf', payload: { month: month() }, headers: { cookie: inA.Worker.cookie, 'accept-language': language } });

    const english = await download('en');
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toBe('application/pdf');
    expect(english.headers['content-disposition']).toBe(`attachment; filename="stock-statement-${month()}.pdf"`);
    const { text } = readPdf(english.rawPayload);
    expect(text).toContain('Stock statement for');
    const total = text.split('\n').find((line) => line.includes(item.name) && line.includes('Total'));
    expect(total?.trim().split(/\s+/).slice(-5)).toEqual(['0', '10', '3', '0', '7']);

    const hindi = await download('hi');
    expect(hindi.statusCode).toBe(200);
    expect(readPdf(hindi.rawPayload).text).toContain('कुल');
  });
});
