import type { Page } from '@playwright/test';
import { expect, test } from './base';
import { E2E_ACCOUNTS } from './accounts';
import { keptQueryKeys, signIn, waitForServiceWorker } from './helpers';

/**
 * The lists a case step's choices come from are on the device once the worker has been online
 * (issue 33): offline, on a step never opened online, the vet list offers the NGO's vets, and a
 * name typed that is not one of them is marked as not in the directory.
 */

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, actionTimeout: 20_000 });

const panel = (page: Page) => page.getByRole('tabpanel');

test('offline, the vet list of a step never opened online offers the NGO’s vets, and a typed name is marked', async ({ page, context, playwright, baseURL }) => {
  // A Manager adds a vet to the NGO's directory.
  const manager = await playwright.request.newContext({ baseURL });
  expect((await manager.post('/api/auth/login', { data: { loginId: E2E_ACCOUNTS.manager.username, password: E2E_ACCOUNTS.manager.password } })).status()).toBe(200);
  const vet = await manager.post('/api/vet/createVet', { data: { name: 'Dr. Vidya Offline', regId: 'VC-OFF-33' } });
  expect(vet.status(), await vet.text()).toBe(200);
  await manager.dispose();

  // The worker signs in and opens a case at its first step only.
  await signIn(page, E2E_ACCOUNTS.worker);
  const created = await page.request.post('/api/case/createCase', { data: { type: 'Sterilization' } });
  expect(created.status()).toBe(200);
  const caseId = ((await created.json()) as { data: { id: number } }).data.id;
  await waitForServiceWorker(page);
  await page.goto(`/dashboard/case?id=${caseId}`);
  await expect(page.getByRole('tab', { name: 'Reporter Details', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => keptQueryKeys(page)).toEqual(expect.arrayContaining([JSON.stringify(['cases', 'detail', caseId]), expect.stringMatching(/^\["directory-choices",\d+\]$/)]));

  // Offline, after a reload: only what is kept on the device.
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('tab', { name: 'Operation Details', exact: true }).click();
  const vetName = panel(page).getByRole('combobox', { name: 'Vet Name', exact: true });
  await vetName.click();
  await vetName.fill('Vidya');
  await expect(page.getByRole('option', { name: 'Dr. Vidya Offline' })).toBeVisible();
  await expect(panel(page).getByText('Not in the vet directory')).toBeVisible();
  await page.getByRole('option', { name: 'Dr. Vidya Offline' }).click();
  await expect(vetName).toHaveValue('Dr. Vidya Offline');
  await expect(panel(page).getByText('Not in the vet directory')).toHaveCount(0);

  // A name that is not in the directory is kept as typed, and marked.
  await vetName.fill('Dr. Arjun');
  await expect(panel(page).getByText('Not in the vet directory')).toBeVisible();
});
