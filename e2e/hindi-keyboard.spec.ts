import type { Locator, Page } from '@playwright/test';
import { expect, test } from './base';
import { optionKey, type MessageKey } from '@rescuedesk/shared';
import { E2E_ACCOUNTS } from './accounts';
import { text } from './catalogue';

/**
 * A Hindi-speaking Manager records a whole sterilisation case, from signing in to the release, with
 * the keyboard only (issue 14): every control is reached with Tab, pressed with Enter or Space,
 * and every label, button and message on the way is the Hindi one. No click, no tap.
 */

const hi = (key: MessageKey, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((message, [name, value]) => message.replace(`{${name}}`, value), text('hi', key));

test.use({ viewport: { width: 360, height: 740 } });

/** Presses Tab until `target` has the focus; fails when it is not reachable within `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 120): Promise<void> {
  await expect(target).toBeAttached();
  for (let presses = 0; presses <= limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reached with ${limit} presses of Tab: ${String(target)}`);
}

async function typeInto(page: Page, target: Locator, value: string): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.type(value);
}

async function press(page: Page, target: Locator, key: 'Enter' | 'Space' = 'Enter'): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

const panel = (page: Page) => page.getByRole('tabpanel');
const bar = (page: Page) => page.getByRole('group', { name: hi('cases.actions.label') });
const textbox = (scope: Locator, key: MessageKey) => scope.getByRole('textbox', { name: hi(key), exact: true });
const combobox = (scope: Locator, key: MessageKey) => scope.getByRole('combobox', { name: hi(key), exact: true });

/** Save & Next, then the next step's heading has the focus (issue 14) and its tab is the selected one. */
async function saveAndNext(page: Page, next: MessageKey): Promise<void> {
  await press(page, bar(page).getByRole('button', { name: hi('cases.actions.saveAndNext') }));
  await expect(page.getByRole('tab', { name: hi(next), exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(panel(page).getByRole('heading', { level: 2 })).toBeFocused();
}

test('a Manager records a sterilisation case from sign-in to release in Hindi with the keyboard only', async ({ page }) => {
  test.setTimeout(180_000);
  const account = E2E_ACCOUNTS.keyboard;
  await page.goto('/');

  // Hindi chosen on the sign-in page: the language switch is a radio group (arrow keys move the choice).
  const switcher = page.getByRole('radiogroup', { name: 'Language' });
  await tabTo(page, switcher.getByRole('radio', { checked: true }));
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('button', { name: hi('auth.login.submit') })).toBeVisible();

  await typeInto(page, page.getByRole('textbox', { name: hi('field.loginId') }), account.username);
  await typeInto(page, page.getByLabel(hi('field.password'), { exact: true }), account.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: hi('nav.dashboard'), level: 1 })).toBeVisible();

  // Add case: the dialog, the case type with the arrow keys, Next.
  await press(page, page.getByRole('button', { name: hi('cases.dashboard.addCase') }));
  const dialog = page.getByRole('dialog', { name: hi('cases.addDialog.title') });
  await expect(dialog).toBeVisible();
  const sterilisation = dialog.getByRole('radio', { name: hi(optionKey('caseType', 'Sterilization')), exact: true });
  await tabTo(page, dialog.getByRole('radio').first());
  for (let presses = 0; presses < 10 && !(await sterilisation.isChecked()); presses += 1) await page.keyboard.press('ArrowDown');
  await expect(sterilisation).toBeChecked();
  await press(page, dialog.getByRole('button', { name: hi('common.next') }));
  await expect(page.getByRole('heading', { name: hi('cases.page.addTitle'), level: 1 })).toBeVisible();

  // The reporter and the place.
  const reporter = panel(page);
  await typeInto(page, combobox(reporter, 'field.reporterName'), 'सुनीता देवी');
  await page.keyboard.press('Escape');
  await typeInto(page, combobox(reporter, 'field.reporterContact'), '+91 98450 12345');
  await page.keyboard.press('Escape');
  await typeInto(page, textbox(reporter, 'field.location'), 'जयनगर चौथा ब्लॉक, बस स्टॉप के पास');
  await typeInto(page, textbox(reporter, 'field.landmark'), 'मंदिर');
  await typeInto(page, textbox(reporter, 'field.pincode'), '560041');
  await saveAndNext(page, 'step.animalDetail');
  const id = Number(new URL(page.url()).searchParams.get('id'));
  expect(id).toBeGreaterThan(0);

  // The animal: an ID, and the gender with the arrow keys.
  await typeInto(page, textbox(panel(page), 'field.uniqueID'), 'JNR-0007');
  const genders = panel(page).getByRole('radiogroup', { name: hi('field.animalGender') });
  const male = genders.getByRole('radio', { name: hi(optionKey('gender', 'Male')), exact: true });
  await tabTo(page, genders.getByRole('radio', { checked: true }));
  for (let presses = 0; presses < 4 && !(await male.isChecked()); presses += 1) await page.keyboard.press('ArrowRight');
  await expect(male).toBeChecked();
  await saveAndNext(page, 'step.medicalDetail');

  // Admitted today.
  await press(page, panel(page).getByRole('button', { name: hi('cases.step.todayFor', { field: hi('field.admissionDate') }) }));
  await saveAndNext(page, 'step.operationDetail');

  // The operation: the vet, today, and the start time now.
  await typeInto(page, combobox(panel(page), 'field.vetName'), 'डॉ. अर्जुन शेट्टी');
  await page.keyboard.press('Escape');
  await press(page, panel(page).getByRole('button', { name: hi('cases.step.todayFor', { field: hi('field.operationDate') }) }));
  await press(page, panel(page).getByRole('button', { name: hi('cases.step.nowFor', { field: hi('field.operationStartTime') }) }));
  await saveAndNext(page, 'step.postOperationDetail');

  // Released today, then Save & Exit back to the dashboard.
  await press(page, panel(page).getByRole('button', { name: hi('cases.step.todayFor', { field: hi('field.releaseDate') }) }));
  await press(page, bar(page).getByRole('button', { name: hi('cases.actions.saveAndExit') }));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('listitem', { name: hi('cases.common.caseNumber', { id: String(id) }) })).toBeVisible();

  const response = await page.request.post('/api/case/getCaseById', { data: { id } });
  expect(response.status()).toBe(200);
  const stored = ((await response.json()) as { data: Record<string, Record<string, unknown>> }).data;
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  expect(stored.reportingDetail).toMatchObject({ reporterName: 'सुनीता देवी', pincode: '560041', landmark: 'मंदिर' });
  expect(stored.animalDetail).toMatchObject({ uniqueID: 'JNR-0007', animalGender: 'Male' });
  expect(stored.medicalDetail).toMatchObject({ admissionDate: today });
  expect(stored.operationDetail).toMatchObject({ vetName: 'डॉ. अर्जुन शेट्टी', operationDate: today });
  expect(stored.operationDetail?.operationStartTime).toMatch(/^\d{2}:\d{2}/);
  expect(stored.postOperationDetail).toMatchObject({ releaseDate: today });

  // The choice made before signing in was kept with the account.
  const me = await page.request.get('/api/auth/me');
  expect(((await me.json()) as { data: { language: string } }).data.language).toBe('hi');
});
