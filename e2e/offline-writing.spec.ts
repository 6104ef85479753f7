import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from './base';
import { E2E_ACCOUNTS } from './accounts';
import { firstCasePage, keptQueryKeys, signIn, waitForServiceWorker } from './helpers';

/**
 * Writing offline (issue 17, docs/decisions/012), on the production build served by the production
 * server: every case write goes into the outbox in IndexedDB first and is sent in order, each with
 * its own Idempotency-Key, when the network is there. Offline is the browser's own
 * (context.setOffline); reloads are real. Each test waits for what the user sees.
 */

const PHOTO = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'rescued-dog-2000x1500.jpg');

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, actionTimeout: 20_000 });

const bar = (page: Page) => page.getByRole('group', { name: 'Case actions' });
const panel = (page: Page) => page.getByRole('tabpanel');
const field = (scope: Locator, name: string) => scope.getByRole('textbox', { name, exact: true });
const lookup = (scope: Locator, name: string) => scope.getByRole('combobox', { name, exact: true });
/** The outbox's state in the top bar; on a phone an icon named by the sentence. */
const outboxStatus = (page: Page) => page.getByTestId('outbox-status');

interface TimelineEntry {
  action: string;
  fields: string[];
}

type StoredCase = { id: number; ngoId: number; reportingDetail: Record<string, unknown>; animalDetail: Record<string, unknown>; medicalDetail: Record<string, unknown> };

async function readCase(page: Page, id: number): Promise<StoredCase> {
  const response = await page.request.post('/api/case/getCaseById', { data: { id } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: StoredCase }).data;
}

async function timelineActions(page: Page, caseId: number): Promise<string[]> {
  const response = await page.request.post('/api/case/getCaseTimeline', { data: { caseId, pageSize: 100 } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: TimelineEntry[] }).data.map((entry) => entry.action).sort();
}

async function casesNamed(page: Page, reporterName: string): Promise<number> {
  return (await firstCasePage(page, reporterName)).meta.total;
}

async function apiCreateCase(page: Page, reporting: Record<string, unknown> = {}): Promise<number> {
  const created = await page.request.post('/api/case/createCase', { data: { type: 'OPD' } });
  expect(created.status()).toBe(200);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  const saved = await page.request.post('/api/case/updateReportingDetail', {
    data: { caseId: id, reporterName: 'Shared Shanti', reporterContact: '9845012345', location: 'MG Road', landmark: 'Metro', pincode: '560001', reportedDate: '2026-11-01', reportedTime: '10:00', ...reporting },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return id;
}

function caseIdIn(page: Page): number {
  return Number(new URL(page.url()).searchParams.get('id'));
}

async function startNewCase(page: Page, type: string): Promise<void> {
  await page.getByRole('button', { name: 'Add case' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Case' });
  await dialog.getByRole('radio', { name: type, exact: true }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Add Case', level: 1 })).toBeVisible();
}

async function expectStep(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

async function signedInContext(browser: Browser, account: (typeof E2E_ACCOUNTS)[keyof typeof E2E_ACCOUNTS]): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await signIn(page, account);
  await waitForServiceWorker(page);
  return { context, page };
}

test.describe('writing offline', () => {
  test('a case created and saved on three steps offline survives a reload and reaches the server once when the network is back', async ({ page, context }) => {
    await signIn(page, E2E_ACCOUNTS.worker);
    await waitForServiceWorker(page);
    await expect(outboxStatus(page)).toHaveAttribute('aria-label', 'All changes saved');

    await context.setOffline(true);
    await startNewCase(page, 'OPD');
    await lookup(panel(page), 'Reporter Name').fill('Offline Omkar');
    await lookup(panel(page), 'Phone Number').fill('+91 98860 40410');
    await field(panel(page), 'Location').fill('Jayanagar 4th Block');
    await field(panel(page), 'Landmark').fill('Bus stand');
    await field(panel(page), 'Pincode').fill('560011');
    await bar(page).getByRole('button', { name: 'Save & Next' }).click();
    await expectStep(page, 'Animal Details');
    // The case goes by a temporary id until the server has it.
    await expect(page).toHaveURL(/[?&]id=-\d+/);
    // Its temporary number is never shown as a case number.
    await expect(page.getByText('New case · kept on this device, not sent yet')).toBeVisible();
    await expect(outboxStatus(page)).toHaveAttribute('aria-label', 'Offline: 2 changes waiting');

    await field(panel(page), 'Colour').fill('Brown with a white chest');
    // A photo taken offline: resized in the browser, then queued with its bytes reported.
    const chooser = page.waitForEvent('filechooser');
    await panel(page).getByRole('group', { name: 'Animal Pictures' }).getByRole('button', { name: 'Take photo' }).click();
    await (await chooser).setFiles(PHOTO);
    await expect(panel(page).getByRole('img', { name: 'Animal Pictures 1', exact: true })).toBeVisible({ timeout: 30_000 });
    await bar(page).getByRole('button', { name: 'Save & Next' }).click();
    await expectStep(page, 'Medical Details');
    await field(panel(page), 'Medical History').fill('Limping on the left hind leg');
    await bar(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(outboxStatus(page)).toHaveAttribute('aria-label', 'Offline: 5 changes waiting');
    await expect(page.getByTestId('case-unsynced')).toHaveText('4 changes to this case are waiting to be sent');
    await outboxStatus(page).click();
    const photoEntry = page.getByRole('region', { name: 'Changes on this device' }).getByText(/^Photo \(\d+ kB, sent as \d+ kB\)$/);
    await expect(photoEntry).toBeVisible();
    console.log('photo queued offline:', await photoEntry.textContent());
    await page.keyboard.press('Escape');

    // A real reload, still offline: the outbox and the case as edited are still there.
    await page.reload();
    await expect(outboxStatus(page)).toHaveAttribute('aria-label', 'Offline: 5 changes waiting');
    await expect(field(panel(page), 'Medical History')).toHaveValue('Limping on the left hind leg');
    // Each step saved offline says where its save is.
    await expect(panel(page).getByText('Step 3 of 5 · Saved on this device, not sent yet.')).toBeVisible();
    await page.getByRole('tab', { name: 'Reporter Details', exact: true }).click();
    await expect(lookup(panel(page), 'Reporter Name')).toHaveValue('Offline Omkar');
    await page.getByRole('tab', { name: 'Animal Details', exact: true }).click();
    await expect(panel(page).getByRole('img', { name: 'Animal Pictures 1', exact: true })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByRole('link', { name: 'New case (OPD)' })).toBeVisible();
    await page.getByRole('link', { name: 'New case (OPD)' }).click();
    await expect(page).toHaveURL(/[?&]id=-\d+/);

    await context.setOffline(false);
    await expect(outboxStatus(page)).toHaveAttribute('aria-label', 'All changes saved');
    // The temporary id was replaced in the address by the server's.
    await expect(page).toHaveURL(/[?&]id=\d+/);
    const id = caseIdIn(page);
    expect(id).toBeGreaterThan(0);
    await expect(page.getByTestId('case-unsynced')).toHaveCount(0);
    await expect(page.getByText(`Case #${id} · created by`)).toBeVisible();
    await expect(panel(page).getByText(/^Step \d of 5 · Last saved by /)).toBeVisible();

    const stored = await readCase(page, id);
    expect(stored.reportingDetail.reporterName).toBe('Offline Omkar');
    expect(stored.animalDetail.animalColor).toBe('Brown with a white chest');
    // The photo, once, under the server's name (the temporary one was replaced before the step was sent).
    const pictures = stored.animalDetail.animalPictures as string[];
    expect(pictures).toHaveLength(1);
    expect(pictures[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
    const photo = await page.request.get(`/api/image/getImage/${stored.ngoId}/${pictures[0]}`);
    expect(photo.status()).toBe(200);
    console.log('photo stored by the server:', (await photo.body()).length, 'bytes');
    expect(stored.medicalDetail.medicalHistory).toBe('Limping on the left hind leg');
    expect(await casesNamed(page, 'Offline Omkar')).toBe(1);
    expect(await timelineActions(page, id)).toEqual(['create', 'updateAnimalDetail', 'updateMedicalDetail', 'updateReportingDetail']);
  });

  test('a case opened online still opens offline, editable, after a new case was added offline and exited', async ({ page, context }) => {
    // Online, offline with a photo, a reload and a sync: longer than most.
    test.slow();
    await page.clock.install();
    await signIn(page, E2E_ACCOUNTS.worker);
    await waitForServiceWorker(page);
    const id = await apiCreateCase(page, { reporterName: 'Revisited Rekha' });
    await page.goto('/dashboard');
    await page.getByRole('link', { name: `Edit Case #${id}` }).first().click();
    await expect(lookup(panel(page), 'Reporter Name')).toHaveValue('Revisited Rekha');
    // A minute later, the page still open, the network goes.
    await page.clock.fastForward('01:00');
    await context.setOffline(true);
    await bar(page).getByRole('link', { name: 'Exit' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await startNewCase(page, 'OPD');
    await lookup(panel(page), 'Reporter Name').fill('Newcomer Nandini');
    await lookup(panel(page), 'Phone Number').fill('+91 98860 40411');
    await field(panel(page), 'Location').fill('Malleshwaram');
    await field(panel(page), 'Landmark').fill('Market');
    await field(panel(page), 'Pincode').fill('560003');
    await bar(page).getByRole('button', { name: 'Save & Next' }).click();
    await expect(page).toHaveURL(/[?&]id=-\d+/);
    await expectStep(page, 'Animal Details');
    const chooser = page.waitForEvent('filechooser');
    await panel(page).getByRole('group', { name: 'Animal Pictures' }).getByRole('button', { name: 'Take photo' }).click();
    await (await chooser).setFiles(PHOTO);
    await expect(panel(page).getByRole('img', { name: 'Animal Pictures 1', exact: true })).toBeVisible({ timeout: 30_000 });
    await bar(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(outboxStatus(page)).toHaveAttribute('aria-label', 'Offline: 4 changes waiting');
    await bar(page).getByRole('link', { name: 'Exit' }).click();
    await expect(page.getByRole('link', { name: 'New case (OPD)' })).toBeVisible();
    // As the tester went: straight from the dashboard to the case opened before.
    await page.getByRole('link', { name: `Edit Case #${id}` }).first().click();
    await expect(lookup(panel(page), 'Reporter Name')).toHaveValue('Revisited Rekha');
    await expect(page.getByRole('status').filter({ hasText: /^Offline · last synced \d/ })).toBeVisible();
    await bar(page).getByRole('link', { name: 'Exit' }).click();
    // The case opened before is still kept on the device beside the new one, and a reload keeps it too.
    await expect.poll(() => keptQueryKeys(page)).toEqual(expect.arrayContaining([JSON.stringify(['cases', 'detail', id])]));
    await page.reload();
    await expect(page.getByRole('link', { name: 'New case (OPD)' })).toBeVisible();

    // The case opened before: from the dashboard's list, with the values it had, each step editable.
    await page.getByRole('link', { name: `Edit Case #${id}` }).first().click();
    await expect(lookup(panel(page), 'Reporter Name')).toHaveValue('Revisited Rekha');
    await field(panel(page), 'Landmark').fill('Water tank');
    await bar(page).getByRole('button', { name: 'Save & Next' }).click();
    await expectStep(page, 'Animal Details');
    await field(panel(page), 'Colour').fill('Tan');
    await bar(page).getByRole('button', { name: 'Save & Next' }).click();
    await expectStep(page, 'Medical Details');
    await field(panel(page), 'Medical History').fill('Wound on the ear');
    await bar(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByTestId('case-unsynced')).toHaveText('3 changes to this case are waiting to be sent');

    await context.setOffline(false);
    await expect(outboxStatus(page)).toHaveAttribute('aria-label', 'All changes saved');
    const stored = await readCase(page, id);
    expect(stored.reportingDetail.landmark).toBe('Water tank');
    expect(stored.animalDetail.animalColor).toBe('Tan');
    expect(stored.medicalDetail.medicalHistory).toBe('Wound on the ear');
    expect(await casesNamed(page, 'Newcomer Nandini')).toBe(1);
  });

  test('a queued save the server refuses opens from the outbox at its step, with the values typed, and is fixed there', async ({ page, context }) => {
    await signIn(page, E2E_ACCOUNTS.worker);
    await waitForServiceWorker(page);
    const id = await apiCreateCase(page, { reporterName: 'Refused Radha' });
    await page.goto(`/dashboard/case?id=${id}&step=2`);
    await expect(field(panel(page), 'Colour')).toBeVisible();

    await context.setOffline(true);
    await field(panel(page), 'Colour').fill('Spotted');
    await field(panel(page), 'Marking').fill('Notched left ear');
    await panel(page).getByRole('textbox', { name: /^Weight/ }).fill('40');
    await bar(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(outboxStatus(page)).toHaveAttribute('aria-label', 'Offline: 1 change waiting');
    await page.goto('/dashboard');

    // The server refuses this save once (as it would a value it no longer accepts).
    const refusal = 'Weight (40 kg) was refused by the server.';
    await page.route('**/api/case/updateAnimalDetail', (route) => route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ message: refusal }) }), { times: 1 });
    await context.setOffline(false);
    await outboxStatus(page).click();
    const outbox = page.getByRole('region', { name: 'Changes on this device' });
    await expect(outbox.getByText(`Not saved: ${refusal}`)).toBeVisible();
    await outbox.getByRole('link', { name: 'Open to fix' }).click();

    // The case at the step saved, the values typed filled in, the server's message shown.
    await expect(page).toHaveURL(new RegExp(`[?&]id=${id}&step=2`));
    await expectStep(page, 'Animal Details');
    await expect(field(panel(page), 'Colour')).toHaveValue('Spotted');
    await expect(field(panel(page), 'Marking')).toHaveValue('Notched left ear');
    await expect(page.getByTestId('case-unsynced')).toContainText(refusal);
    // The server's message at the field it names.
    await expect(panel(page).getByRole('textbox', { name: /^Weight/ })).toHaveValue('40');
    await expect(panel(page).getByRole('textbox', { name: /^Weight/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(panel(page).getByRole('textbox', { name: /^Weight/ })).toHaveAccessibleDescription(new RegExp(refusal.replace(/[()]/g, '\\$&')));

    await panel(page).getByRole('textbox', { name: /^Weight/ }).fill('12');
    await field(panel(page), 'Colour').fill('Spotted brown');
    await bar(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(outboxStatus(page)).toHaveAttribute('aria-label', 'All changes saved');
    await expect(page.getByTestId('case-unsynced')).toHaveCount(0);
    const stored = await readCase(page, id);
    expect(stored.animalDetail.animalColor).toBe('Spotted brown');
    expect(stored.animalDetail.animalMarking).toBe('Notched left ear');
    expect(Number(stored.animalDetail.animalWeight)).toBe(12);
  });

  test('two people editing different fields of one case offline both keep their edit; the same field names the conflict to the one who synced last', async ({ browser, page }) => {
    await signIn(page, E2E_ACCOUNTS.manager);
    const id = await apiCreateCase(page);
    const worker = await signedInContext(browser, E2E_ACCOUNTS.worker);
    const manager = await signedInContext(browser, E2E_ACCOUNTS.manager);
    for (const { page: p } of [worker, manager]) {
      await p.goto(`/dashboard/case?id=${id}&step=1`);
      await expect(lookup(panel(p), 'Reporter Name')).toHaveValue('Shared Shanti');
    }
    await worker.context.setOffline(true);
    await manager.context.setOffline(true);

    await field(panel(worker.page), 'Landmark').fill('Temple gate');
    await field(panel(worker.page), 'Location').fill('Basavanagudi');
    await bar(worker.page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(outboxStatus(worker.page)).toHaveAttribute('aria-label', 'Offline: 1 change waiting');

    await field(panel(manager.page), 'Pincode').fill('560004');
    await field(panel(manager.page), 'Location').fill('Gandhi Bazaar');
    await bar(manager.page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(outboxStatus(manager.page)).toHaveAttribute('aria-label', 'Offline: 1 change waiting');

    await worker.context.setOffline(false);
    await expect(outboxStatus(worker.page)).toHaveAttribute('aria-label', 'All changes saved');
    await manager.context.setOffline(false);
    await expect(outboxStatus(manager.page)).toHaveAttribute('aria-label', 'All changes saved');

    const stored = await readCase(page, id);
    expect(stored.reportingDetail.landmark).toBe('Temple gate');
    expect(stored.reportingDetail.pincode).toBe('560004');
    // The same field: the later write wins, and its author is told which field.
    expect(stored.reportingDetail.location).toBe('Gandhi Bazaar');
    const notice = manager.page.getByRole('alert').filter({ hasText: 'Changed by someone else meanwhile' });
    await expect(notice).toContainText(`Case #${id}: Location had been changed to “Basavanagudi” by someone else. Your “Gandhi Bazaar” was saved`);
    await expect(worker.page.getByRole('alert').filter({ hasText: 'Changed by someone else meanwhile' })).toHaveCount(0);
    await worker.context.close();
    await manager.context.close();
  });

  test('going offline in the middle of a sync and back applies each change once', async ({ page, context }) => {
    await signIn(page, E2E_ACCOUNTS.worker);
    await waitForServiceWorker(page);
    const id = await apiCreateCase(page, { reporterName: 'Midway Meena' });
    await page.goto(`/dashboard/case?id=${id}&step=2`);
    await expect(field(panel(page), 'Colour')).toBeVisible();

    await context.setOffline(true);
    await field(panel(page), 'Colour').fill('Black');
    await bar(page).getByRole('button', { name: 'Save & Next' }).click();
    await expectStep(page, 'Medical Details');
    await field(panel(page), 'Medical History').fill('Mange on the back');
    await bar(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(outboxStatus(page)).toHaveAttribute('aria-label', 'Offline: 2 changes waiting');

    // The first change reaches the server, but the network drops before its answer comes back.
    let dropped = false;
    await page.route('**/api/case/updateAnimalDetail', async (route) => {
      if (dropped) return route.continue();
      dropped = true;
      await route.fetch();
      await context.setOffline(true);
      await route.abort('internetdisconnected');
    });
    await context.setOffline(false);
    await expect.poll(() => dropped).toBe(true);
    await expect(outboxStatus(page)).toHaveAttribute('aria-label', 'Offline: 2 changes waiting');

    await context.setOffline(false);
    await expect(outboxStatus(page)).toHaveAttribute('aria-label', 'All changes saved');
    const stored = await readCase(page, id);
    expect(stored.animalDetail.animalColor).toBe('Black');
    expect(stored.medicalDetail.medicalHistory).toBe('Mange on the back');
    expect(await timelineActions(page, id)).toEqual(['create', 'updateAnimalDetail', 'updateMedicalDetail', 'updateReportingDetail']);
  });

  test('signing out with changes waiting warns, and offers to send them first', async ({ page, context }) => {
    await signIn(page, E2E_ACCOUNTS.worker);
    await waitForServiceWorker(page);
    const id = await apiCreateCase(page, { reporterName: 'Leaving Lata' });
    await page.goto(`/dashboard/case?id=${id}&step=2`);
    await expect(field(panel(page), 'Colour')).toBeVisible();
    await context.setOffline(true);
    await field(panel(page), 'Colour').fill('Grey');
    await bar(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(outboxStatus(page)).toHaveAttribute('aria-label', 'Offline: 1 change waiting');

    await page.getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Changes not sent yet' });
    await expect(dialog).toContainText('1 change on this device has not been sent. Signing out deletes it.');
    await expect(dialog.getByRole('button', { name: 'Send them now' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // Back online, but the server out of reach for this save: the change still waits, and the dialog offers to send it.
    await page.route('**/api/case/updateAnimalDetail', (route) => route.abort('connectionrefused'));
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(dialog.getByRole('button', { name: 'Send them now' })).toBeEnabled();
    await page.unroute('**/api/case/updateAnimalDetail');
    await dialog.getByRole('button', { name: 'Send them now' }).click();
    // Once nothing waits, the dialog closes by itself and Logout signs out at once.
    await expect(dialog).toBeHidden();
    await expect(outboxStatus(page)).toHaveAttribute('aria-label', 'All changes saved');
    expect((await readCase(page, id)).animalDetail.animalColor).toBe('Grey');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});
