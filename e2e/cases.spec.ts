import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './base';
import sharp from 'sharp';
import { E2E_ACCOUNTS } from './accounts';
import { sidebar, signIn, toast } from './helpers';

/** A 2000×1500 camera-like JPEG: larger than the 1600 px the browser scales photos down to. */
const PHOTO = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'rescued-dog-2000x1500.jpg');

// A whole case, five steps with photos, on a machine that may be busy.
const JOURNEY_TIMEOUT = 180_000;

interface Journey {
  pincode: string;
  reporter: string;
  animalId: string;
  /** At 360 px the dashboard lists cards instead of table rows. */
  narrow: boolean;
  /** Saves screenshots as test-results/<prefix>-<name>.png when given. */
  screenshots?: string;
}

/** A text, date or time input by its accessible name (the label, without the required asterisk). */
function field(scope: Locator, name: string): Locator {
  return scope.getByRole('textbox', { name, exact: true });
}

/** The reporter's name and phone: inputs offering the directory's reporters as they are typed. */
function lookup(scope: Locator, name: string): Locator {
  return scope.getByRole('combobox', { name, exact: true });
}

/** The page's action bar: Previous, Exit, Save, Save & Next (Save & Exit on the last step). */
function bar(page: Page): Locator {
  return page.getByRole('group', { name: 'Case actions' });
}

function panel(page: Page): Locator {
  // Only the active step's panel is visible; the others opened so far stay mounted but hidden.
  return page.getByRole('tabpanel');
}

async function shoot(page: Page, journey: Journey, name: string): Promise<void> {
  if (!journey.screenshots) return;
  // From the top, so the fixed header sits where it belongs in a full-page capture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/${journey.screenshots}-${name}.png`, fullPage: true, animations: 'disabled' });
}

async function choose(page: Page, scope: Locator, label: string | RegExp, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(scope.getByRole('combobox', { name: label })).toHaveValue(option);
}

/** A short list of options shown as buttons (a radio group): one tap. */
async function pick(scope: Locator, label: string | RegExp, option: string): Promise<void> {
  const group = scope.getByRole('radiogroup', { name: label });
  await group.getByRole('radio', { name: option, exact: true }).click();
  await expect(group.getByRole('radio', { name: option, exact: true })).toHaveAttribute('aria-checked', 'true');
}

/** Picks the fixture photo through one of an uploader's buttons and waits until its thumbnail shows. */
async function attachPhoto(page: Page, label: string, button: 'Take photo' | 'Choose from gallery'): Promise<Locator> {
  const uploader = panel(page).getByRole('group', { name: label });
  const chooser = page.waitForEvent('filechooser');
  await uploader.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(PHOTO);
  const thumbnail = uploader.getByRole('img', { name: `${label} 1`, exact: true });
  await expect(thumbnail).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  return thumbnail;
}

async function expectStep(page: Page, step: number, name: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`[?&]step=${step}(&|$)`));
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

async function saveAndNext(page: Page, nextStep: number, nextName: string): Promise<void> {
  await bar(page).getByRole('button', { name: 'Save & Next' }).click();
  await expectStep(page, nextStep, nextName);
}

/** Opens the case page for a new case of the given type from the dashboard's dialog (nothing is stored yet). */
async function addCase(page: Page, type: string): Promise<void> {
  await page.getByRole('button', { name: 'Add case' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Case' });
  await pick(dialog, 'Type of case', type);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/case\\?new=1&type=${type}&status=Reported&mortality=Healthy$`));
}

function caseEntry(page: Page, journey: Journey): Locator {
  return journey.narrow
    ? page.getByRole('list', { name: 'Cases' }).getByRole('listitem').filter({ hasText: journey.pincode })
    : page.getByRole('row').filter({ hasText: journey.pincode });
}

async function runCaseJourney(page: Page, journey: Journey): Promise<void> {
  await signIn(page, E2E_ACCOUNTS.manager);
  await shoot(page, journey, 'dashboard-before');

  // Create the case from the dialog.
  await page.getByRole('button', { name: 'Add case' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Case' });
  await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveValue('Reported');
  await expect(dialog.getByRole('combobox', { name: 'Mortality' })).toHaveValue('Healthy');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Please choose Case Type')).toBeVisible();
  await pick(dialog, 'Type of case', 'Sterilization');
  await shoot(page, journey, 'add-dialog');
  await dialog.getByRole('button', { name: 'Next' }).click();

  // Nothing is stored until the first save: the address names a new case, not an id.
  await expect(page).toHaveURL(/\/dashboard\/case\?new=1&type=Sterilization&status=Reported&mortality=Healthy$/);
  await expect(page.getByRole('heading', { name: 'Add Case', level: 1 })).toBeVisible();

  // Step 1: reporter details, with a consent form photo from the gallery.
  await expect(page.getByRole('tab', { name: 'Reporter Details' })).toHaveAttribute('aria-selected', 'true');
  const reporter = panel(page);
  await expect(field(reporter, 'Reported Date')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(field(reporter, 'Reported Time')).toHaveValue(/^\d{2}:\d{2}$/);
  // A step with edits cannot be saved while a required field is empty.
  await lookup(reporter, 'Reporter Name').fill(journey.reporter);
  await bar(page).getByRole('button', { name: 'Save & Next' }).click();
  await expect(toast(page, 'Please fill Required Details')).toBeVisible();
  await expect(reporter.getByText('Phone Number is required')).toBeVisible();

  await lookup(reporter, 'Phone Number').fill('+91 98450 12345');
  await field(reporter, 'Location').fill('MG Road, near Metro pillar 45');
  await field(reporter, 'Landmark').fill('Cauvery Emporium');
  await field(reporter, 'Pincode').fill(journey.pincode);
  // The consent form waits behind 'More details' (issue 34).
  await reporter.getByRole('button', { name: 'More details' }).click();
  const consent = await attachPhoto(page, 'Consent Form', 'Choose from gallery');
  await shoot(page, journey, 'step1-reporter');

  // The browser scaled the 2000 px photo down to 1600 px before sending it.
  const stored = await page.request.get((await consent.getAttribute('src'))!.replace(/\?w=\d+$/, ''));
  expect(stored.status()).toBe(200);
  expect(await sharp(await stored.body()).metadata()).toMatchObject({ width: 1600, height: 1200, format: 'jpeg' });

  await bar(page).getByRole('button', { name: 'Save & Next' }).click();
  await expect(toast(page, 'Case saved successfully')).toBeVisible();
  await expectStep(page, 2, 'Animal Details');
  // The first save stored the case; the address names it now.
  await expect(page).toHaveURL(/\/dashboard\/case\?id=\d+&new=1&step=2$/);
  const caseId = new URL(page.url()).searchParams.get('id');

  // Step 2: animal details, fresh defaults, with a picture from the camera button.
  const animal = panel(page);
  await expect(animal.getByRole('combobox', { name: 'Species' })).toHaveValue('Dog');
  await expect(animal.getByRole('combobox', { name: 'Age' })).toHaveValue('1-5 Yrs');
  await field(animal, 'Animal ID').fill(journey.animalId);
  await field(animal, 'Weight (kg)').fill('12.5');
  await choose(page, animal, 'Temperament', 'Friendly');
  await attachPhoto(page, 'Animal Pictures', 'Take photo');
  await shoot(page, journey, 'step2-animal');
  await saveAndNext(page, 3, 'Medical Details');

  // Reload mid-way: the same case, the same step, and what was saved.
  await page.reload();
  await expectStep(page, 3, 'Medical Details');
  await expect(page.getByRole('heading', { name: 'Add Case', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Reporter Details' }).click();
  await expect(lookup(panel(page), 'Reporter Name')).toHaveValue(journey.reporter);
  await expect(field(panel(page), 'Pincode')).toHaveValue(journey.pincode);
  await expect(panel(page).getByRole('img', { name: 'Consent Form 1', exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Animal Details' }).click();
  await expect(field(panel(page), 'Animal ID')).toHaveValue(journey.animalId);
  await expect(panel(page).getByRole('combobox', { name: 'Temperament' })).toHaveValue('Friendly');
  await expect(panel(page).getByRole('img', { name: 'Animal Pictures 1', exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Medical Details' }).click();
  await expectStep(page, 3, 'Medical Details');

  // Step 3: medical details.
  const medical = panel(page);
  // An event not recorded yet stays empty (the observed product filled in today).
  await expect(field(medical, 'Admission Date')).toHaveValue('');
  await field(medical, 'Medical History').fill('Mild dehydration; fed and watered on arrival.');
  await pick(medical, 'Fit for Surgery', 'Unsure');
  await shoot(page, journey, 'step3-medical');
  await saveAndNext(page, 4, 'Operation Details');

  // Step 4: operation details; a vet name not in the list is allowed.
  const operation = panel(page);
  await operation.getByRole('combobox', { name: 'Vet Name' }).fill('Dr. Arjun Shetty');
  await field(operation, 'Operation Start Time').fill('10:00');
  await field(operation, 'Operation End Time').fill('10:40');
  await shoot(page, journey, 'step4-operation');
  await saveAndNext(page, 5, 'Post Operation Details');

  // Step 5: post-operation details; the last step has no Save & Next and returns to the dashboard.
  const postOperation = panel(page);
  await expect(bar(page).getByRole('button', { name: 'Save & Next' })).toHaveCount(0);
  await field(postOperation, 'Expected Days').fill('4');
  await field(postOperation, 'Comments').fill('Recovering well.');
  await shoot(page, journey, 'step5-post-operation');
  await bar(page).getByRole('button', { name: 'Save & Exit' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The dashboard: change the status in place.
  const entry = caseEntry(page, journey);
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(journey.reporter);
  await expect(entry).toContainText(E2E_ACCOUNTS.manager.name);
  // The phone's own picker: a native select.
  await entry.getByRole('combobox', { name: `Status of case #${caseId}` }).selectOption('Admitted');
  await expect(toast(page, 'Status changed to Admitted')).toBeVisible();
  await page.reload();
  await expect(caseEntry(page, journey).getByRole('combobox', { name: `Status of case #${caseId}` })).toHaveValue('Admitted');

  // Find it by its pincode.
  await page.getByRole('searchbox', { name: 'Search cases' }).fill(journey.pincode);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${journey.pincode}`));
  await expect(page.getByRole('link', { name: /^Edit Case #/ })).toHaveCount(1);
  await expect(caseEntry(page, journey)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Total Cases' })).toContainText('1');
  await expect(page.getByRole('group', { name: 'Admitted' })).toContainText('1');
  await shoot(page, journey, 'dashboard-search');

  // Delete it, with the confirmation.
  await caseEntry(page, journey).getByRole('button', { name: `Delete case #${caseId}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm delete case' });
  // The question names the case: its number, reporter and location (issue 15).
  await expect(confirm.getByText(new RegExp(`^Delete case #${caseId} \\(${journey.reporter}, .+\\)\\?$`))).toBeVisible();
  await shoot(page, journey, 'delete-confirm');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Case deleted')).toBeVisible();
  await expect(page.getByText('No cases found')).toBeVisible();
  await expect(caseEntry(page, journey)).toHaveCount(0);

  // Gone for good from this NGO's view, also by its address.
  await page.goto(`/dashboard/case?id=${caseId}`);
  await expect(page.getByText('Case not found. It may have been deleted, or it belongs to another NGO.')).toBeVisible();
}

// Fail fast on a missing control instead of waiting out the long journey timeout.
test.use({ actionTimeout: 20_000 });

test.describe('cases', () => {
  test('a manager adds a case, fills all five steps with photos, then re-statuses, finds and deletes it', async ({ page }) => {
    test.setTimeout(JOURNEY_TIMEOUT);
    await runCaseJourney(page, { pincode: '560041', reporter: 'Anita Desai', animalId: 'BLR-E2E-1', narrow: false });
  });

  test('a worker sees no delete icon', async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.worker);
    await addCase(page, 'OPD');
    // Save stores the new case (its type, status and mortality), then Exit leaves without asking.
    await bar(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/case\?id=\d+&new=1&step=1$/);
    await bar(page).getByRole('link', { name: 'Exit' }).click();
    await expect(page.getByRole('link', { name: /^Edit Case #/ }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Delete case #/ })).toHaveCount(0);
  });
});

test.describe('cases at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('the same flow works one-handed on a small phone, with screenshots', async ({ page }) => {
    test.setTimeout(JOURNEY_TIMEOUT);
    await runCaseJourney(page, { pincode: '560042', reporter: 'Ravi Kumar', animalId: 'BLR-E2E-2', narrow: true, screenshots: 'cases-360' });
  });

  test("the dashboard's type tabs show the tab chosen in the address, scrolled into view, and start at the first tab otherwise", async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.manager, '/dashboard?type=Vaccination');
    const tabs = page.getByRole('tablist');
    const chosen = tabs.getByRole('tab', { name: 'Vaccination' });
    await expect(chosen).toHaveAttribute('aria-selected', 'true');
    // Wider than the phone: the row scrolls sideways until the chosen tab is inside it.
    await expect.poll(async () => {
      const [row, tab] = await Promise.all([tabs.boundingBox(), chosen.boundingBox()]);
      // Within a pixel: tabs have fractional widths, and the row scrolls by whole pixels.
      return row !== null && tab !== null && tab.x >= row.x - 1 && tab.x + tab.width <= row.x + row.width + 1;
    }).toBe(true);

    await page.goto('/dashboard');
    await expect(tabs.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(await tabs.evaluate((row) => row.scrollLeft)).toBe(0);
  });
});

test.describe('unsaved changes at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('leaving an edited step asks first (Exit, the menu, back, closing the tab); moving on with Save & Next does not', async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.worker);
    await addCase(page, 'Vaccination');
    const caseUrl = page.url();

    const reporter = panel(page);
    await lookup(reporter, 'Reporter Name').fill('Meera Iyer');
    const confirm = page.getByRole('dialog', { name: 'Discard unsaved changes?' });

    await bar(page).getByRole('link', { name: 'Exit' }).click();
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Stay' }).click();
    await expect(confirm).toBeHidden();
    expect(page.url()).toBe(caseUrl);
    await expect(lookup(reporter, 'Reporter Name')).toHaveValue('Meera Iyer');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await sidebar(page).getByRole('link', { name: 'Reporter Management' }).click();
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Stay' }).click();
    await expect(confirm).toBeHidden();
    expect(page.url()).toBe(caseUrl);

    await page.goBack();
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Stay' }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(caseUrl);
    await expect(lookup(reporter, 'Reporter Name')).toHaveValue('Meera Iyer');

    // Saved work moves on and leaves without a word (the first save stores the case and names it in the address).
    await lookup(reporter, 'Phone Number').fill('+91 98450 12345');
    await field(reporter, 'Location').fill('Indiranagar 100 Feet Road');
    await field(reporter, 'Landmark').fill('Near the metro');
    await field(reporter, 'Pincode').fill('560038');
    await saveAndNext(page, 2, 'Animal Details');
    await expect(confirm).toBeHidden();

    // An edit on the next step: closing the tab has the browser ask; Discard on Exit leaves.
    await field(panel(page), 'Animal ID').fill('BLR-E2E-3');
    const beforeUnload = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const browserDialog = await beforeUnload;
    expect(browserDialog.type()).toBe('beforeunload');
    await browserDialog.dismiss();
    await expect(field(panel(page), 'Animal ID')).toHaveValue('BLR-E2E-3');

    await bar(page).getByRole('link', { name: 'Exit' }).click();
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
