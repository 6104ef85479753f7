import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './base';
import { E2E_ACCOUNTS } from './accounts';
import { apiAs, axeAudit, posted, signIn, waitForServiceWorker } from './helpers';

/**
 * Stock used on a case offline (issue 39, docs/stock.md#stock-used-on-a-case), on a 360 px phone:
 * a worker records a rabies vaccination from stock with the network off; when it is back the save
 * reaches the server once, the dose comes off the batch, and the month's statement and the ABC
 * report's reconciliation agree. Waits for what the user sees.
 */

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, actionTimeout: 20_000 });

const RUN = Date.now().toString(36);
const panel = (page: Page) => page.getByRole('tabpanel');
const bar = (page: Page) => page.getByRole('group', { name: 'Case actions' });
const outboxStatus = (page: Page) => page.getByTestId('outbox-status');

interface Reconciliation {
  rabiesVaccinations: number;
  rabiesDosesUsed: number;
  difference: number;
  operations: number;
  operationsWithoutAnaesthetic: number;
}
interface Statement {
  items: Array<{ itemId: number; total: { received: number; used: number; closing: number } }>;
}

/** The month on the NGOs' calendar (Asia/Kolkata), as the server dates a use. */
function month(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
}

async function usedOf(api: APIRequestContext, itemId: number): Promise<{ received: number; used: number; closing: number } | undefined> {
  const statement = await posted<Statement>(api, '/api/stock/getStatement', { month: month() });
  return statement.items.find((item) => item.itemId === itemId)?.total;
}

test('a vaccination recorded from stock offline deducts one dose once synced, and the statement and the ABC report agree', async ({ page, context, browser, baseURL }) => {
  const founder = await apiAs(browser, baseURL, E2E_ACCOUNTS.founder);
  const itemName = `Rabies vaccine ${RUN}`;
  const item = await posted<{ id: number }>(founder, '/api/stock/createItem', { name: itemName, kind: 'vaccine_rabies', unit: 'dose' });
  const expiry = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const received = await posted<{ batchNo: string }>(founder, '/api/stock/receiveBatch', { uid: `receipt-${RUN}`, itemId: item.id, batchNo: `ARV-${RUN}`, expiryDate: expiry, receivedOn: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10), quantity: 10 });
  const before = await posted<Reconciliation>(founder, '/api/stock/getReconciliation', { month: month() });

  await signIn(page, E2E_ACCOUNTS.worker);
  await waitForServiceWorker(page);
  const created = await page.request.post('/api/case/createCase', { data: { type: 'Sterilization' } });
  expect(created.status()).toBe(200);
  const caseId = ((await created.json()) as { data: { id: number } }).data.id;

  // The case and the stock list are read online first, and kept on the phone.
  await page.goto(`/dashboard/case?id=${caseId}&step=3`);
  await expect(page.getByRole('tab', { name: 'Medical Details', exact: true })).toHaveAttribute('aria-selected', 'true');
  const stock = panel(page).getByRole('group', { name: 'Stock used' });
  await expect(stock.getByText('No stock recorded on this step.')).toBeVisible();
  await expect(outboxStatus(page)).toHaveAttribute('aria-label', 'All changes saved');

  await context.setOffline(true);
  await panel(page).getByRole('button', { name: 'Today – Vaccination Date' }).click();
  await stock.getByRole('button', { name: 'Add stock used' }).click();
  const line = stock.getByTestId('stock-use-line');
  await line.getByRole('combobox', { name: 'Item' }).selectOption({ label: `${itemName}: 10 dose usable` });
  await expect(line.getByRole('combobox', { name: 'Batch' })).toContainText(`First to expire (Batch ${received.batchNo}`);
  // More than the batch holds is refused at the field, before anything is sent.
  await line.getByRole('textbox', { name: 'Quantity (dose)' }).fill('11');
  await bar(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(line.getByText('Quantity is more than the 10 dose the batch expiring first holds')).toBeVisible();
  // The step with its stock line and the problem at its field passes the a11y walk.
  const axe = await axeAudit(page).include('[role="tabpanel"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await line.getByRole('textbox', { name: 'Quantity (dose)' }).fill('1');
  await bar(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(outboxStatus(page)).toHaveAttribute('aria-label', 'Offline: 1 change waiting');
  expect(await usedOf(founder, item.id)).toMatchObject({ used: 0, closing: 10 });

  await context.setOffline(false);
  await expect(outboxStatus(page)).toHaveAttribute('aria-label', 'All changes saved', { timeout: 30_000 });
  await expect.poll(() => usedOf(founder, item.id)).toMatchObject({ received: 10, used: 1, closing: 9 });
  // The ABC record's vaccine, left empty on the step, shows as the server filled it from the stock line once the save is answered, as saved.
  await expect(panel(page).getByRole('textbox', { name: /^Anti-rabies Vaccine/ })).toHaveValue(itemName);
  await expect(panel(page).getByRole('textbox', { name: /^Vaccine Batch Number/ })).toHaveValue(received.batchNo);
  await expect(outboxStatus(page)).toHaveAttribute('aria-label', 'All changes saved');
  const after = await posted<Reconciliation>(founder, '/api/stock/getReconciliation', { month: month() });
  expect(after).toMatchObject({ rabiesVaccinations: before.rabiesVaccinations + 1, rabiesDosesUsed: before.rabiesDosesUsed + 1, difference: before.difference });

  // The statement on the Stock page: used on cases 1, closing 9.
  await page.goto('/stock');
  const totalRow = page.getByRole('row').filter({ hasText: itemName }).filter({ hasText: 'Total' });
  await expect(totalRow.getByRole('cell')).toHaveText([itemName, 'Total', '0', '10', '1', '0', '9']);
  // Under it, the month's reconciliation: the vaccine and the operations, each row saying what it counts.
  const onStockPage = page.getByTestId('stock-reconciliation');
  await expect(onStockPage.getByRole('row', { name: /Anti-rabies vaccine doses used from stock/ })).toContainText(String(after.rabiesDosesUsed));
  await expect(onStockPage.getByRole('row', { name: /Operations with no anaesthetic recorded from stock/ })).toContainText(String(after.operationsWithoutAnaesthetic));

  // The ABC report of the month (the office's): the vaccinations on cases against the doses from stock, as the server counts them.
  await signIn(page, E2E_ACCOUNTS.founder, `/report?month=${month()}`);
  const reconciliation = page.getByTestId('stock-reconciliation');
  await expect(reconciliation.getByRole('row', { name: /Anti-rabies vaccinations recorded on cases/ })).toContainText(String(after.rabiesVaccinations));
  await expect(reconciliation.getByRole('row', { name: /Anti-rabies vaccine doses used from stock/ })).toContainText(String(after.rabiesDosesUsed));
  if (after.difference === 0) await expect(reconciliation.getByText('The vaccinations and the doses agree.')).toBeVisible();
});

test('a use queued offline that the stock no longer covers is refused at its step when synced, and nothing is deducted', async ({ page, context, browser, baseURL }) => {
  const founder = await apiAs(browser, baseURL, E2E_ACCOUNTS.founder);
  const itemName = `Rabies vaccine two phones ${RUN}`;
  const item = await posted<{ id: number }>(founder, '/api/stock/createItem', { name: itemName, kind: 'vaccine_rabies', unit: 'dose' });
  const expiry = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  await posted(founder, '/api/stock/receiveBatch', { uid: `receipt-2-${RUN}`, itemId: item.id, batchNo: `TWO-${RUN}`, expiryDate: expiry, receivedOn: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10), quantity: 2 });

  await signIn(page, E2E_ACCOUNTS.worker);
  await waitForServiceWorker(page);
  const created = await page.request.post('/api/case/createCase', { data: { type: 'Sterilization' } });
  const caseId = ((await created.json()) as { data: { id: number } }).data.id;
  await page.goto(`/dashboard/case?id=${caseId}&step=3`);
  const stock = panel(page).getByRole('group', { name: 'Stock used' });
  await expect(stock.getByText('No stock recorded on this step.')).toBeVisible();

  await context.setOffline(true);
  await stock.getByRole('button', { name: 'Add stock used' }).click();
  const line = stock.getByTestId('stock-use-line');
  await line.getByRole('combobox', { name: 'Item' }).selectOption({ label: `${itemName}: 2 dose usable` });
  await line.getByRole('textbox', { name: 'Quantity (dose)' }).fill('2');
  await bar(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(outboxStatus(page)).toHaveAttribute('aria-label', 'Offline: 1 change waiting');

  // Meanwhile another phone used the last two doses.
  await posted(founder, '/api/stock/useStock', { uid: `other-phone-${RUN}`, itemId: item.id, quantity: 2 });

  await context.setOffline(false);
  const refusal = `No batch of ${itemName} that has not expired holds any stock.`;
  await expect(stock.getByRole('alert')).toHaveText(refusal, { timeout: 30_000 });
  await expect(page.getByTestId('case-unsynced')).toContainText(refusal);
  expect(await usedOf(founder, item.id)).toMatchObject({ received: 2, used: 2, closing: 0 });

  // Fixed at the step: the line removed, the save goes through.
  await line.getByRole('button', { name: 'Remove' }).click();
  await bar(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(outboxStatus(page)).toHaveAttribute('aria-label', 'All changes saved', { timeout: 30_000 });
  expect(await usedOf(founder, item.id)).toMatchObject({ used: 2, closing: 0 });
});
