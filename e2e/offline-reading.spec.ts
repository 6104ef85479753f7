import type { Page } from '@playwright/test';
import { expect, test } from './base';
import { E2E_ACCOUNTS } from './accounts';
import { keptQueryKeys, signIn, solidPng, waitForServiceWorker } from './helpers';

/**
 * The installable app and reading offline (issue 17, docs/decisions/012), on the production build
 * served by the production server: a service worker precaches the app, the query cache is kept in
 * IndexedDB for the signed-in user, and thumbnails in a capped cache. Offline is the browser's own
 * (context.setOffline), and every second visit is a real navigation or reload.
 */

/** Shown above a page that shows kept data with no network. */
const lastSyncedNotice = (page: Page) => page.getByRole('status').filter({ hasText: /^Offline · last synced \d/ });
const caseLink = (page: Page, id: number) => page.getByRole('link', { name: `Edit Case #${id}` }).first();

const REPORTING = { reporterContact: '9845012345', location: 'MG Road', landmark: 'Metro', pincode: '560001', reportedDate: '2026-11-01', reportedTime: '10:00' };

async function createCase(page: Page, reporterName: string, extra: Record<string, unknown> = {}): Promise<number> {
  const created = await page.request.post('/api/case/createCase', { data: { type: 'OPD' } });
  expect(created.status()).toBe(200);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  const saved = await page.request.post('/api/case/updateReportingDetail', { data: { caseId: id, reporterName, ...REPORTING, ...extra } });
  expect(saved.status(), await saved.text()).toBe(200);
  return id;
}

async function uploadImage(page: Page, fieldName: string, rgb: [number, number, number]): Promise<string> {
  const response = await page.request.post('/api/image/createImage', {
    multipart: { fieldName, image: { name: 'photo.png', mimeType: 'image/png', buffer: solidPng(320, 240, rgb) } },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: string }).data;
}

/** The named image shows: loaded, not broken (ImageThumbnail would have swapped in a placeholder). */
async function expectImageShown(page: Page, name: string): Promise<void> {
  const image = page.locator(`img[alt="${name}"]`);
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
}

test.describe('reading offline', () => {
  test('opens with no network on a second visit, with the dashboard and a case opened before, saying when they were last synced', async ({ page, context }) => {
    await signIn(page, E2E_ACCOUNTS.worker);
    const caseId = await createCase(page, 'Offline Olga');
    await page.reload();
    await expect(caseLink(page, caseId)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Online' })).toBeVisible();
    await waitForServiceWorker(page);

    await caseLink(page, caseId).click();
    await expect(page.getByText(`Case #${caseId}`).first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Reporter Name' })).toHaveValue('Offline Olga');
    await expect.poll(() => keptQueryKeys(page)).toEqual(expect.arrayContaining([JSON.stringify(['cases', 'detail', caseId])]));
    expect((await keptQueryKeys(page)).some((key) => key.startsWith('["cases","list"'))).toBe(true);

    await context.setOffline(true);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(lastSyncedNotice(page)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Offline$/ })).toBeAttached();
    await expect(caseLink(page, caseId)).toBeVisible();

    await caseLink(page, caseId).click();
    await expect(page.getByRole('combobox', { name: 'Reporter Name' })).toHaveValue('Offline Olga');
    await expect(lastSyncedNotice(page)).toBeVisible();

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Reporter Name' })).toHaveValue('Offline Olga');
    await expect(lastSyncedNotice(page)).toBeVisible();

    // Back online, the page refreshes and the notice goes.
    await context.setOffline(false);
    await expect(lastSyncedNotice(page)).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Online' })).toBeAttached();
  });

  test('shows the thumbnails of a case opened before with no network, but never keeps an identity document', async ({ page, context }) => {
    await signIn(page, E2E_ACCOUNTS.worker);
    const photo = await uploadImage(page, 'AnimalPictures', [200, 120, 40]);
    const identity = await uploadImage(page, 'verificationIdFrontImage', [40, 80, 200]);
    const caseId = await createCase(page, 'Thumbnail Tara', { verificationIdFrontImage: identity });
    expect((await page.request.post('/api/case/updateAnimalDetail', { data: { caseId, animalPictures: [photo] } })).status()).toBe(200);
    await waitForServiceWorker(page);

    // Both steps opened once: the animal's photo and the reporter's identity document.
    await page.goto(`/dashboard/case?id=${caseId}`);
    await expectImageShown(page, 'Verification ID (front)');
    await page.getByRole('tab', { name: 'Animal Details' }).click();
    await expectImageShown(page, 'Animal Pictures 1');
    await expect.poll(() => keptQueryKeys(page)).toEqual(expect.arrayContaining([JSON.stringify(['cases', 'detail', caseId])]));

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('tab', { name: 'Animal Details' }).click();
    await expect(lastSyncedNotice(page)).toBeVisible();
    await expectImageShown(page, 'Animal Pictures 1');

    // The identity document was served no-store: offline it is not there to show.
    await page.getByRole('tab', { name: 'Reporter Details' }).click();
    await expect(lastSyncedNotice(page)).toBeVisible();
    await expect(page.getByRole('img', { name: 'Verification ID (front) (could not be loaded)' })).toBeVisible();
  });

  test('forgets what was kept when the user signs out: offline, the app then opens at the sign-in page', async ({ page, context }) => {
    await signIn(page, E2E_ACCOUNTS.spare);
    const caseId = await createCase(page, 'Forgotten Farid');
    await page.reload();
    await expect(caseLink(page, caseId)).toBeVisible();
    await waitForServiceWorker(page);
    await expect.poll(async () => (await keptQueryKeys(page)).length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect.poll(() => keptQueryKeys(page)).toEqual([]);
    expect(await page.evaluate(() => caches.has('rescuedesk-thumbnails'))).toBe(false);

    await context.setOffline(true);
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(caseLink(page, caseId)).toHaveCount(0);
  });
});

test.describe('a new version', () => {
  test('waits for the user: "A new version is ready" with Reload, which then runs the new version', async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.manager);
    await waitForServiceWorker(page);
    await expect(page.getByText('A new version is ready')).toHaveCount(0);

    // A deploy, as the browser meets it: the service worker script changed (here its address).
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js?deploy=2'));
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is ready' });
    await expect(prompt).toBeVisible();
    // The page still runs the version it opened with until the user chooses.
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/deploy=2/);
  });
});
