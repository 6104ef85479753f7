import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './base';
import { E2E_ACCOUNTS } from './accounts';
import { apiAs, expectTapHeight, posted, signIn, solidPng, toast } from './helpers';

/**
 * Issue 15, on a 360 px phone: a deleted case comes back with Undo or from 'Deleted cases'; a
 * deactivated user is found through the filter and reactivated; a new directory record opens for
 * editing so its documents go in at once; signing in returns to the page asked for.
 */
const PHONE = { width: 360, height: 740 };

/** The server's database lives for the whole run: every name made here is unique to this run. */
const RUN = Date.now().toString(36);

/** A case of the seeded NGO with its reporter step saved. */
async function reportedCase(api: APIRequestContext, reporterName: string, location: string): Promise<number> {
  const { id } = await posted<{ id: number }>(api, '/api/case/createCase', { type: 'Sterilization' });
  await posted(api, '/api/case/updateReportingDetail', {
    caseId: id,
    reporterName,
    reporterContact: '+91 98450 12345',
    location,
    landmark: 'Water tank',
    pincode: '560001',
    reportedDate: '2026-11-20',
    reportedTime: '08:15',
  });
  return id;
}

function caseCard(page: Page, id: number) {
  return page.getByRole('listitem', { name: `Case #${id}`, exact: true });
}

test.describe('at 360 px', () => {
  test.use({ viewport: PHONE });

  test('a Founder deletes a case, named in the question, and brings it back with one tap on Undo', async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.founder);
    const id = await reportedCase(page.request, `Undo Uma ${RUN}`, `Jayanagar ${RUN}`);
    await page.reload();
    const card = caseCard(page, id);
    await expect(card).toContainText(`Undo Uma ${RUN}`);
    await expect(card).toContainText('20/11/2026');
    for (const name of [`Edit Case #${id}`, `Delete case #${id}`, `Status of case #${id}`]) {
      const target = card.getByRole(name.startsWith('Status') ? 'combobox' : name.startsWith('Edit') ? 'link' : 'button', { name });
      await expectTapHeight(target, name);
    }

    await card.getByRole('button', { name: `Delete case #${id}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm delete case' });
    await expect(dialog).toContainText(`Delete case #${id} (Undo Uma ${RUN}, Jayanagar ${RUN})?`);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(card).toHaveCount(0);

    const undo = toast(page, 'Case deleted').getByRole('button', { name: `Undo: restore case #${id}` });
    await expect(undo).toBeVisible();
    await expectTapHeight(undo);
    await undo.click();
    await expect(toast(page, `Case #${id} restored`)).toBeVisible();
    await expect(card).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  test("a Manager's delete says 'Case deleted' with no Undo, and the Manager has no way to deleted cases", async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.manager);
    const id = await reportedCase(page.request, `Manoj Case ${RUN}`, `Basavanagudi ${RUN}`);
    await page.reload();
    await caseCard(page, id).getByRole('button', { name: `Delete case #${id}` }).click();
    await page.getByRole('dialog', { name: 'Confirm delete case' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Case deleted')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Undo/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Deleted cases' })).toHaveCount(0);
    await page.goto('/dashboard/deleted');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  });

  test("a Founder finds a Manager's deleted case under 'Deleted cases', with who deleted it, and restores it", async ({ page, browser, baseURL }) => {
    const manager = await apiAs(browser, baseURL, E2E_ACCOUNTS.manager);
    const id = await reportedCase(manager, `Restore Rekha ${RUN}`, `Malleshwaram ${RUN}`);
    await posted(manager, '/api/case/deleteCase', { caseId: id });

    await signIn(page, E2E_ACCOUNTS.founder);
    await expect(caseCard(page, id)).toHaveCount(0);
    const toDeleted = page.getByRole('link', { name: 'Deleted cases' });
    await expectTapHeight(toDeleted);
    await toDeleted.click();
    await expect(page).toHaveURL(/\/dashboard\/deleted$/);
    await expect(page.getByRole('heading', { name: 'Deleted cases', level: 1 })).toBeVisible();
    const card = caseCard(page, id);
    await expect(card).toContainText(`Restore Rekha ${RUN}`);
    await expect(card).toContainText(`Malleshwaram ${RUN}`);
    await expect(card).toContainText(E2E_ACCOUNTS.manager.name);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    const restore = card.getByRole('button', { name: `Restore case #${id}` });
    await expectTapHeight(restore);
    await restore.click();
    await expect(toast(page, `Case #${id} restored`)).toBeVisible();
    await expect(card).toHaveCount(0);
    const back = page.getByRole('main').getByRole('link', { name: 'Dashboard' });
    await expectTapHeight(back);
    await back.click();
    await expect(caseCard(page, id)).toBeVisible();
  });

  test('a Founder finds a deactivated user through the filter and reactivates them, who can then sign in', async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.founder, '/user');
    const worker = { name: `Revived Ravi ${RUN}`, username: `ravi.${RUN}`, email: `ravi.${RUN}@example.org`, password: 'Ravi@12345', contact: '98450 44444', role: 'Worker' };
    const created = await posted<{ id: number }>(page.request, '/api/user/createUser', worker);
    await posted(page.request, '/api/user/deleteUser', { id: created.id });
    await page.reload();

    const search = page.getByRole('searchbox', { name: 'Search by Name / Email' });
    await search.fill(worker.username);
    const clear = page.getByRole('button', { name: 'Clear search text' });
    await expect(clear).toBeVisible();
    await expectTapHeight(clear);
    const card = page.getByRole('article', { name: worker.name });
    const filter = page.getByRole('radiogroup', { name: 'Show accounts' });
    await expect(filter.getByRole('radio', { name: 'Active' })).toBeChecked();
    await expect(page.getByText('No users found')).toBeVisible();

    await filter.getByText('Deactivated', { exact: true }).click();
    await expect(card).toBeVisible();
    await expect(card.getByText('Deactivated', { exact: true })).toBeVisible();
    await expectTapHeight(filter.locator('label').filter({ hasText: 'Deactivated' }));
    const reactivate = card.getByRole('button', { name: `Reactivate ${worker.name}` });
    await expectTapHeight(reactivate);
    await reactivate.click();
    await expect(toast(page, 'User reactivated successfully')).toBeVisible();
    await expect(card).toHaveCount(0);

    await filter.getByText('Active', { exact: true }).click();
    await expect(card).toBeVisible();
    await expect(card.getByRole('button', { name: `Deactivate ${worker.name}` })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const login = await page.request.post('/api/auth/login', { data: { loginId: worker.username, password: worker.password } });
    expect(login.status()).toBe(200);
  });

  test('a new vet opens for editing once saved, and takes its documents at once', async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.founder, '/vet/addvet');
    await page.getByRole('textbox', { name: 'Vet name', exact: true }).fill(`Dr. Now ${RUN}`);
    await page.getByRole('textbox', { name: 'Registration ID', exact: true }).fill(`KVC-NOW-${RUN}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Vet created successfully')).toContainText('Done');
    await expect(page).toHaveURL(/\/vet\/addvet\?id=\d+$/);
    await expect(page.getByRole('heading', { name: 'Edit Vet', level: 1 })).toBeVisible();

    const certificates = page.getByRole('group', { name: 'Vet Certification' });
    await certificates.getByLabel('Choose Vet Certification from gallery').setInputFiles({ name: 'certificate.png', mimeType: 'image/png', buffer: solidPng(64, 48, [20, 120, 110]) });
    await expect(certificates.getByRole('img', { name: 'Vet Certification 1' })).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Vet updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/vet$/);

    // Back returns to the new vet, not to an empty form: the record replaced the blank one.
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Edit Vet', level: 1 })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Vet Certification' }).getByRole('img', { name: 'Vet Certification 1' })).toBeVisible();
  });

  test("a sponsor's dates are typed and shown as dd/mm/yyyy, in 44 px fields", async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.founder, '/sponsor/addsponsor');
    const start = page.getByRole('textbox', { name: 'Start Date' });
    await expectTapHeight(start);
    await start.fill('01/12/2099');
    await page.getByRole('heading', { name: 'Sponsorship period' }).click();
    await expect(start).toHaveValue('01/12/2099');
    // The end may not come before the start: it moved with it.
    await expect(page.getByRole('textbox', { name: 'End Date' })).toHaveValue('01/12/2099');
    await start.click();
    await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
  });

  test('signing in after a signed-out deep link opens that page, and never another site', async ({ browser, baseURL }) => {
    const founder = await apiAs(browser, baseURL, E2E_ACCOUNTS.founder);
    const vet = await posted<{ id: number }>(founder, '/api/vet/createVet', { name: `Dr. Deep ${RUN}`, regId: `KVC-DEEP-${RUN}` });

    const context = await browser.newContext({ baseURL, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`/vet/addvet?id=${vet.id}`);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByLabel('Login ID').fill(E2E_ACCOUNTS.founder.username);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ACCOUNTS.founder.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(new RegExp(`/vet/addvet\\?id=${vet.id}$`));
    await expect(page.getByRole('textbox', { name: 'Vet name', exact: true })).toHaveValue(`Dr. Deep ${RUN}`);
    await context.close();

    const other = await browser.newContext({ baseURL, viewport: PHONE });
    const signInPage = await other.newPage();
    await signInPage.goto('/?next=%2F%2Fevil.example%2Fphish');
    await signInPage.getByLabel('Login ID').fill(E2E_ACCOUNTS.founder.username);
    await signInPage.getByLabel('Password', { exact: true }).fill(E2E_ACCOUNTS.founder.password);
    await signInPage.getByRole('button', { name: 'Sign in' }).click();
    await expect(signInPage).toHaveURL(/\/dashboard$/);
    await other.close();
  });
});

test.describe('beside the sidebar', () => {
  for (const width of [768, 1024]) {
    test(`at ${width} px Restore is in view on the deleted cases' table, without scrolling it`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, E2E_ACCOUNTS.founder);
      const id = await reportedCase(page.request, `Tablet Tara ${RUN}`, `Basavanagudi ${RUN}`);
      await posted(page.request, '/api/case/deleteCase', { caseId: id });
      await page.goto('/dashboard/deleted');
      const restore = page.getByRole('table', { name: 'Deleted cases' }).getByRole('button', { name: `Restore case #${id}` });
      await expect(restore).toBeVisible();
      const box = await restore.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
});
