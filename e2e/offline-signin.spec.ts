import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './base';
import { E2E_ACCOUNTS } from './accounts';
import { keptQueryKeys } from './helpers';

/**
 * Reading offline right after signing in (issue 17, docs/product.md "Ready for offline use"): a
 * field worker signs in on the sign-in page of a fresh browser and loses the network at once. What
 * they saw is kept without any reload first; until the device could open it offline, the top bar
 * says 'Getting ready for offline use…' instead of 'Online'.
 */

const account = E2E_ACCOUNTS.spare;
const networkStatus = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const lastSyncedNotice = (page: Page) => page.getByRole('status').filter({ hasText: /^Offline · last synced \d/ });
const caseLink = (page: Page, id: number) => page.getByRole('link', { name: `Edit Case #${id}` }).first();

/** A case made through the API in a session of its own (the browser's stays signed out). */
async function createCase(request: APIRequestContext, reporterName: string): Promise<number> {
  expect((await request.post('/api/auth/login', { data: { loginId: account.username, password: account.password } })).status()).toBe(200);
  const created = await request.post('/api/case/createCase', { data: { type: 'OPD' } });
  expect(created.status()).toBe(200);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  const details = { caseId: id, reporterName, reporterContact: '9845012345', location: 'MG Road', landmark: 'Metro', pincode: '560001', reportedDate: '2026-11-01', reportedTime: '10:00' };
  expect((await request.post('/api/case/updateReportingDetail', { data: details })).status()).toBe(200);
  return id;
}

async function signInOnTheSignInPage(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Login ID').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('reading offline right after signing in', () => {
  test('opens the dashboard with no network on a reload straight after signing in, saying when it was last synced', async ({ page, context, request }) => {
    const caseId = await createCase(request, 'Signed-in Sunita');
    await signInOnTheSignInPage(page);
    await expect(caseLink(page, caseId)).toBeVisible();
    await expect(networkStatus(page, /^Online$/)).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(lastSyncedNotice(page)).toBeVisible();
    await expect(caseLink(page, caseId)).toBeVisible();
  });

  test('opens a case with no network on a reload straight after opening it from the dashboard', async ({ page, context, request }) => {
    const caseId = await createCase(request, 'Straight-away Shanti');
    await signInOnTheSignInPage(page);
    await expect(networkStatus(page, /^Online$/)).toBeVisible();
    await caseLink(page, caseId).click();
    await expect(page.getByRole('combobox', { name: 'Reporter Name' })).toHaveValue('Straight-away Shanti');

    await context.setOffline(true);
    await expect(networkStatus(page, /^Offline$/)).toBeVisible();
    // The write that going offline starts has ended (a reload could otherwise cut it short).
    await expect.poll(() => keptQueryKeys(page)).toEqual(expect.arrayContaining([JSON.stringify(['cases', 'detail', caseId])]));
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Reporter Name' })).toHaveValue('Straight-away Shanti');
    await expect(lastSyncedNotice(page)).toBeVisible();
  });

  test('says it is getting ready for offline use while the app is still being saved on the device', async ({ page, context, request }) => {
    const caseId = await createCase(request, 'Patient Pooja');
    // A slow first visit: the service worker (which saves the app's files) has not arrived yet.
    let deliverServiceWorker = () => {};
    const held = new Promise<void>((resolve) => (deliverServiceWorker = resolve));
    await context.route('**/sw.js', async (route) => {
      await held;
      await route.continue();
    });

    await signInOnTheSignInPage(page);
    await expect(caseLink(page, caseId)).toBeVisible();
    await expect(networkStatus(page, 'Getting ready for offline use…')).toBeVisible();
    // Rightly so: no service worker could answer a reload yet.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active ?? null)).toBeNull();

    deliverServiceWorker();
    await expect(networkStatus(page, /^Online$/)).toBeVisible();
  });
});
