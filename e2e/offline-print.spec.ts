import type { Locator, Page } from '@playwright/test';
import { expect, test } from './base';
import { E2E_ACCOUNTS } from './accounts';
import { keptQueryKeys, signIn, solidPng, waitForServiceWorker } from './helpers';

/**
 * The printable case sheet with no network (issue 17; docs/product.md#printing-offline), on the
 * production build served by the production server. A case created offline has only a temporary
 * number until the server has it: no sheet until then, and the link comes by itself once it is sent.
 * A case opened before prints from the copy kept on the device, saying so on the paper. Offline is the
 * browser's own (context.setOffline); every navigation is real. Each test waits for what the user sees.
 */

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, actionTimeout: 20_000 });

const panel = (page: Page) => page.getByRole('tabpanel');
const field = (scope: Locator, name: string) => scope.getByRole('textbox', { name, exact: true });
const lookup = (scope: Locator, name: string) => scope.getByRole('combobox', { name, exact: true });
const bar = (page: Page) => page.getByRole('group', { name: 'Case actions' });
const outboxStatus = (page: Page) => page.getByTestId('outbox-status');
const printLink = (page: Page) => page.getByRole('link', { name: 'Print case sheet' });
const printAfterSync = (page: Page) => page.getByText('Print the case sheet once this case is sent.');
const fromDevice = (page: Page) => page.getByTestId('case-sheet-from-device');

function caseIdIn(page: Page): number {
  return Number(new URL(page.url()).searchParams.get('id'));
}

async function createCase(page: Page, reporterName: string, animal: Record<string, unknown> = {}): Promise<number> {
  const created = await page.request.post('/api/case/createCase', { data: { type: 'OPD' } });
  expect(created.status()).toBe(200);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  const saved = await page.request.post('/api/case/updateReportingDetail', {
    data: { caseId: id, reporterName, reporterContact: '9845012345', location: 'MG Road', landmark: 'Metro', pincode: '560001', reportedDate: '2026-11-01', reportedTime: '10:00' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  if (Object.keys(animal).length > 0) {
    const step = await page.request.post('/api/case/updateAnimalDetail', { data: { caseId: id, ...animal } });
    expect(step.status(), await step.text()).toBe(200);
  }
  return id;
}

/** A sterilisation case caught by the NGO's own squad (capture fields only, no reporter): answers its id. */
async function createSquadCase(page: Page, memberName: string): Promise<number> {
  const created = await page.request.post('/api/case/createCase', { data: { type: 'Sterilization' } });
  expect(created.status()).toBe(200);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  const staff = await page.request.post('/api/case/getCaseStaff', { data: { caseId: id } });
  const member = ((await staff.json()) as { data: Array<{ id: number; name: string }> }).data.find((one) => one.name === memberName);
  expect(member, `${memberName} is staff of the case's NGO`).toBeDefined();
  const saved = await page.request.post('/api/case/updateReportingDetail', { data: { caseId: id, catchingSquad: [member?.id] } });
  expect(saved.status(), await saved.text()).toBe(200);
  return id;
}

/** "Add case" with no network, its reporter step filled and saved: answers the temporary id the case goes by. */
async function createCaseOffline(page: Page, type: string, reporterName: string, save: 'Save' | 'Save & Next'): Promise<number> {
  await page.getByRole('button', { name: 'Add case' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Case' });
  await dialog.getByRole('radio', { name: type, exact: true }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await lookup(panel(page), 'Reporter Name').fill(reporterName);
  await lookup(panel(page), 'Phone Number').fill('+91 98860 40411');
  await field(panel(page), 'Location').fill('Basavanagudi');
  await field(panel(page), 'Landmark').fill('Bull temple');
  await field(panel(page), 'Pincode').fill('560004');
  await bar(page).getByRole('button', { name: save, exact: true }).click();
  await expect(page).toHaveURL(/[?&]id=-\d+/);
  return caseIdIn(page);
}

async function uploadPhoto(page: Page): Promise<string> {
  const response = await page.request.post('/api/image/createImage', {
    multipart: { fieldName: 'AnimalPictures', image: { name: 'dog.png', mimeType: 'image/png', buffer: solidPng(320, 240, [200, 120, 40]) } },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: string }).data;
}

/** The image shows: loaded, not broken. */
async function expectImageShown(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
}

test.describe('printing a case sheet offline', () => {
  test('a case created offline offers no sheet until it is sent, never prints its temporary number, and its sheet comes by itself once the server has it', async ({ page, context }) => {
    await signIn(page, E2E_ACCOUNTS.worker);
    await waitForServiceWorker(page);

    await context.setOffline(true);
    const tempId = await createCaseOffline(page, 'OPD', 'Printless Prakash', 'Save & Next');
    await expect(page.getByText('New case · kept on this device, not sent yet')).toBeVisible();
    // Not offered: one line says when it will be.
    await expect(printAfterSync(page)).toBeVisible();
    await expect(printLink(page)).toHaveCount(0);

    // The sheet's address with the temporary id (typed, bookmarked, or a second tab): no sheet, no number.
    await page.goto(`/dashboard/case/print?id=${tempId}`);
    await expect(page.getByText('This case is kept on this device and has not been sent yet, so it has no case number. Print the case sheet once it is sent.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print', exact: true })).toHaveCount(0);
    await expect(page.getByText(String(tempId))).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to the case' })).toHaveAttribute('href', `/dashboard/case?id=${tempId}`);

    // The network is back: the case is sent and its sheet shows by itself, under the server's number.
    await context.setOffline(false);
    await expect(outboxStatus(page)).toHaveAttribute('aria-label', 'All changes saved');
    await expect(page).toHaveURL(/\/dashboard\/case\/print\?id=\d+$/);
    const id = caseIdIn(page);
    expect(id).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { name: `Case #${id}`, level: 1 })).toBeVisible();
    await expect(page.getByText('Printless Prakash')).toBeVisible();
    await expect(fromDevice(page)).toHaveCount(0);

    // And on the case page the link is there.
    await page.getByRole('link', { name: 'Back to the case' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/case\\?id=${id}$`));
    await expect(printLink(page)).toHaveAttribute('href', `/dashboard/case/print?id=${id}`);
    await expect(printAfterSync(page)).toHaveCount(0);
  });

  test('a case created offline gets its print link on the case page by itself once it is sent', async ({ page, context }) => {
    await signIn(page, E2E_ACCOUNTS.worker);
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await createCaseOffline(page, 'Vaccination', 'Linked Lakshmi', 'Save');
    await expect(printAfterSync(page)).toBeVisible();

    await context.setOffline(false);
    await expect(outboxStatus(page)).toHaveAttribute('aria-label', 'All changes saved');
    await expect(page).toHaveURL(/[?&]id=\d+/);
    const id = caseIdIn(page);
    await expect(printLink(page)).toHaveAttribute('href', `/dashboard/case/print?id=${id}`);
    await expect(printAfterSync(page)).toHaveCount(0);
  });

  test('a case opened while online prints offline from the copy kept on the device, with its photo, and says since when and what it lacks', async ({ page, context }) => {
    await signIn(page, E2E_ACCOUNTS.worker);
    const photo = await uploadPhoto(page);
    const id = await createCase(page, 'Kept Kavya', { animalColor: 'Brown', animalPictures: [photo] });
    await waitForServiceWorker(page);
    await page.goto(`/dashboard/case?id=${id}&step=2`);
    await expect(field(panel(page), 'Colour')).toHaveValue('Brown');
    await expectImageShown(panel(page).getByRole('img', { name: 'Animal Pictures 1', exact: true }));

    await context.setOffline(true);
    await field(panel(page), 'Colour').fill('Black');
    await bar(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(outboxStatus(page)).toHaveAttribute('aria-label', 'Offline: 1 change waiting');

    await printLink(page).click();
    await expect(page.getByRole('heading', { name: `Case #${id}`, level: 1 })).toBeVisible();
    await expect(page.getByText('Kept Kavya')).toBeVisible();
    // What the server holds, and a line (printed too) that says where it came from and what it lacks.
    await expect(page.getByText('Brown', { exact: true })).toBeVisible();
    await expect(fromDevice(page)).toHaveText(
      /^Printed offline, from the copy kept on this device \(last synced .+\)\. 1 change to this case has not been sent yet, so it is not on this sheet\.$/,
    );
    await expectImageShown(page.getByRole('img', { name: 'Animal Pictures, photo 1' }));
    await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeVisible();

    // A real reload, still offline: the same sheet.
    await page.reload();
    await expect(page.getByRole('heading', { name: `Case #${id}`, level: 1 })).toBeVisible();
    await expect(fromDevice(page)).toContainText('1 change to this case has not been sent yet');
    await expectImageShown(page.getByRole('img', { name: 'Animal Pictures, photo 1' }));

    // Back online: the change is sent, and the sheet holds it and no longer says it was printed offline.
    await context.setOffline(false);
    await expect(outboxStatus(page)).toHaveAttribute('aria-label', 'All changes saved');
    await expect(page.getByText('Black', { exact: true })).toBeVisible();
    await expect(fromDevice(page)).toHaveCount(0);
  });

  test('a sterilisation case opened online at a step without its squad prints offline, after a reload, with the squad member’s name', async ({ page, context }) => {
    await signIn(page, E2E_ACCOUNTS.worker);
    const squadMember = E2E_ACCOUNTS.manager.name;
    const id = await createSquadCase(page, squadMember);
    await waitForServiceWorker(page);
    // Opened at the operation, as a worker at the table would: the reporter step, which shows the squad, is never opened here.
    await page.goto(`/dashboard/case?id=${id}&step=4`);
    await expect(page.getByRole('heading', { name: 'Operation Details', level: 2 })).toBeVisible();
    // Opening the case keeps its staff on the device with it, as the case itself (then the network goes).
    await expect.poll(() => keptQueryKeys(page)).toEqual(expect.arrayContaining([JSON.stringify(['cases', 'detail', id]), JSON.stringify(['cases', 'staff', id])]));

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Operation Details', level: 2 })).toBeVisible();
    await printLink(page).click();
    await expect(page.getByRole('heading', { name: `Case #${id}`, level: 1 })).toBeVisible();
    await expect(fromDevice(page)).toBeVisible();
    await expect(page.getByText(squadMember, { exact: true })).toBeVisible();
    await expect(page.getByText('Staff member (name not on this device)')).toHaveCount(0);

    // The reporter step, still offline: the squad's field names the member too.
    await page.getByRole('link', { name: 'Back to the case' }).click();
    await expect(page.getByRole('heading', { name: 'Reporter Details', level: 2 })).toBeVisible();
    await expect(panel(page).getByText(squadMember, { exact: true })).toBeVisible();
  });

  test('offline, a photo never shown on this device says so on the sheet instead of printing a broken image', async ({ page, context }) => {
    await signIn(page, E2E_ACCOUNTS.worker);
    const photo = await uploadPhoto(page);
    const id = await createCase(page, 'Unseen Uma', { animalPictures: [photo] });
    await waitForServiceWorker(page);
    // Only the first step is opened: the animal's photo is never loaded here.
    await page.goto(`/dashboard/case?id=${id}&step=1`);
    await expect(lookup(panel(page), 'Reporter Name')).toHaveValue('Unseen Uma');

    await context.setOffline(true);
    await printLink(page).click();
    await expect(page.getByRole('heading', { name: `Case #${id}`, level: 1 })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Animal Pictures, photo 1' })).toHaveText('Photo could not be loaded');
  });

  test('offline, the sheet of a case not kept on the device says it needs the network instead of spinning, and opens by itself when the network is back', async ({ page, context }) => {
    await signIn(page, E2E_ACCOUNTS.worker);
    const id = await createCase(page, 'Unkept Usha');
    await page.reload();
    await waitForServiceWorker(page);
    // The signed-in user is kept (so the app opens offline), but this case was never opened here.
    await expect.poll(() => keptQueryKeys(page)).toContain(JSON.stringify(['auth', 'me']));
    expect(await keptQueryKeys(page)).not.toContain(JSON.stringify(['cases', 'detail', id]));

    await context.setOffline(true);
    await page.goto(`/dashboard/case/print?id=${id}`);
    await expect(page.getByText('The case sheet needs the network: this case was not kept on this device for reading offline. It opens by itself when the network is back.')).toBeVisible();
    await expect(page.getByText('Loading the case sheet')).toHaveCount(0);

    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: `Case #${id}`, level: 1 })).toBeVisible();
    await expect(page.getByText('Unkept Usha')).toBeVisible();
  });
});
