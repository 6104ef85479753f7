import { expect, test } from './base';
import { E2E_ACCOUNTS } from './accounts';
import { text } from './catalogue';
import { axeAudit, toast, apiAs } from './helpers';

/**
 * Stock by batch (issue 39, docs/stock.md), on a 360 px phone in Hindi: a manager receives a batch of
 * an item, records wastage, and the item's card and the month's statement agree; then corrects the
 * batch's number and the item's reorder level.
 */

// Digits only: a Hindi screen showing these records has no Latin words for the a11y walk to flag.
const RUN = Date.now().toString();
const hi = (key: Parameters<typeof text>[1]) => text('hi', key);


test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test('a manager receives a batch and records wastage in Hindi, and the card and the statement agree', async ({ page, browser, baseURL }) => {
  const founder = await apiAs(browser, baseURL, E2E_ACCOUNTS.founder);
  const itemName = `रेबीज़ टीका ${RUN}`;
  const created = await founder.post('/api/stock/createItem', { data: { name: itemName, kind: 'vaccine_rabies', unit: 'खुराक', reorderLevel: 20 } });
  expect(created.status(), await created.text()).toBe(200);
  const manager = { username: `stockmgr${RUN}`, password: 'Stock@1234' };
  const user = await founder.post('/api/user/createUser', { data: { name: 'Meena Manager', email: `stockmgr${RUN}@example.org`, username: manager.username, contact: '9845012377', password: manager.password, role: 'Manager' } });
  expect(user.status(), await user.text()).toBe(200);

  const login = await page.request.post('/api/auth/login', { data: { loginId: manager.username, password: manager.password, language: 'hi' } });
  expect(login.status()).toBe(200);
  await page.goto('/stock');
  await expect(page.getByRole('heading', { level: 1, name: hi('stock.page.title') })).toBeVisible();

  // A batch of 10 doses, expiring in a year.
  const expiry = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const batchNo = `${RUN}`;
  const receive = page.getByRole('form', { name: hi('stock.receive.title') });
  await receive.getByRole('combobox', { name: hi('stock.field.item') }).selectOption({ label: itemName });
  await receive.getByRole('textbox', { name: hi('stock.field.batchNo') }).fill(batchNo);
  await receive.getByLabel(hi('stock.field.expiryDate')).fill(expiry);
  await receive.getByRole('textbox', { name: hi('stock.field.quantity'), exact: true }).fill('10');
  await receive.getByRole('button', { name: hi('stock.receive.save') }).click();
  await expect(toast(page, hi('stock.receive.saved'))).toBeVisible();

  const card = page.getByRole('listitem', { name: itemName });
  await expect(card).toContainText(`बैच ${batchNo}: 10 खुराक बचा`);
  await expect(card).toContainText(hi('stock.list.low'));

  // Two doses wasted.
  const adjust = page.getByRole('form', { name: hi('stock.adjust.title') });
  await adjust.getByRole('combobox', { name: hi('stock.field.batch') }).selectOption({ label: `${itemName}, बैच ${batchNo}: 10 खुराक बचा` });
  await adjust.getByRole('combobox', { name: hi('stock.field.reason') }).selectOption({ label: hi('stock.reason.wastage') });
  await adjust.getByRole('textbox', { name: hi('stock.field.change') }).fill('-2');
  await adjust.getByRole('button', { name: hi('stock.adjust.save') }).click();
  await expect(toast(page, hi('stock.adjust.saved'))).toBeVisible();
  await expect(card).toContainText(`बैच ${batchNo}: 8 खुराक बचा`);

  // This month's statement: received 10, adjusted -2, closing 8.
  const totalRow = page.getByRole('row').filter({ hasText: itemName }).filter({ hasText: hi('stock.statement.total') });
  await expect(totalRow.getByRole('cell')).toHaveText([itemName, hi('stock.statement.total'), '0', '10', '0', '-2', '8']);

  const axe = await axeAudit(page).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // The item is below its reorder level (8 of 20): the dashboard says so once it has settled, with the way back here.
  await page.goto('/dashboard');
  const onDashboard = page.getByTestId('dashboard-stock-alerts');
  await expect(onDashboard).toContainText(itemName);
  await onDashboard.getByRole('link', { name: hi('stock.alerts.open') }).click();
  await expect(page).toHaveURL(/\/stock$/);

  // A mistyped batch number and reorder level corrected (docs/stock.md#correcting-an-item-or-a-batch): the batch keeps its 8 doses, and the item is no longer low.
  const correctBatch = page.getByRole('form', { name: hi('stock.edit.batchTitle') });
  await correctBatch.getByRole('combobox', { name: hi('stock.field.batch') }).selectOption({ label: `${itemName}, बैच ${batchNo}` });
  await correctBatch.getByRole('textbox', { name: hi('stock.field.batchNo') }).fill(`${batchNo}1`);
  await correctBatch.getByRole('button', { name: hi('stock.edit.batchSave') }).click();
  await expect(toast(page, hi('stock.edit.batchSaved'))).toBeVisible();
  await expect(card).toContainText(`बैच ${batchNo}1: 8 खुराक बचा`);
  const correctItem = page.getByRole('form', { name: hi('stock.edit.itemTitle') });
  await correctItem.getByRole('combobox', { name: hi('stock.field.item') }).selectOption({ label: itemName });
  await correctItem.getByRole('textbox', { name: hi('stock.field.reorderLevel') }).fill('5');
  await correctItem.getByRole('button', { name: hi('stock.edit.itemSave') }).click();
  await expect(toast(page, hi('stock.edit.itemSaved'))).toBeVisible();
  await expect(card).not.toContainText(hi('stock.list.low'));
  await expect(totalRow.getByRole('cell')).toHaveText([itemName, hi('stock.statement.total'), '0', '10', '0', '-2', '8']);
});
