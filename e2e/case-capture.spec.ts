import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './base';
import { CASE_STEP_TABLE, type MessageKey } from '@rescuedesk/shared';
import { E2E_ACCOUNTS } from './accounts';
import { text } from './catalogue';
import { axeAudit, firstCasePage, signIn, toast } from './helpers';

/**
 * Case capture on a 360 px phone (issue 15): only what happened is stored, one save saves the
 * page, the dashboard opens at the top, and a full ABC case takes at most 40 taps and 6 scrolls (issue 34).
 */

const PHOTO = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'rescued-dog-2000x1500.jpg');

/** Fields that record an event: none may be stored unless the user filled or confirmed it. */
const EVENT_FIELDS = {
  reportingDetail: ['pickupDate', 'pickupTime'],
  medicalDetail: ['admissionDate', 'vaccinationStatus', 'dewormed'],
  operationDetail: ['operationDate', 'operationStartTime', 'operationEndTime', 'operationOutcome'],
  postOperationDetail: ['popStartDate', 'popEndDate', 'releaseDate', 'euthanized'],
} as const;

type StoredCase = Record<string, unknown> & {
  id: number;
  status: string;
  reportingDetail: Record<string, unknown>;
  animalDetail: Record<string, unknown>;
  medicalDetail: Record<string, unknown>;
  operationDetail: Record<string, unknown>;
  postOperationDetail: Record<string, unknown>;
};

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, actionTimeout: 20_000 });

const bar = (page: Page) => page.getByRole('group', { name: 'Case actions' });
const panel = (page: Page) => page.getByRole('tabpanel');
const field = (scope: Locator, name: string) => scope.getByRole('textbox', { name, exact: true });
const lookup = (scope: Locator, name: string) => scope.getByRole('combobox', { name, exact: true });

async function readCase(page: Page, id: number): Promise<StoredCase> {
  const response = await page.request.post('/api/case/getCaseById', { data: { id } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: StoredCase }).data;
}

async function createCase(page: Page, type = 'Sterilization'): Promise<number> {
  const response = await page.request.post('/api/case/createCase', { data: { type } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

async function expectStep(page: Page, step: number, name: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`[?&]step=${step}(&|$)`));
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

function caseIdIn(page: Page): number {
  return Number(new URL(page.url()).searchParams.get('id'));
}


/** Fills the reporter step's required fields (typing, no taps counted). */
async function fillReporter(page: Page, name: string, pincode: string): Promise<void> {
  const reporter = panel(page);
  await lookup(reporter, 'Reporter Name').fill(name);
  await lookup(reporter, 'Phone Number').fill('+91 98860 40410');
  await field(reporter, 'Location').fill('Koramangala 5th Block, near the water tank');
  await field(reporter, 'Landmark').fill('Forum Mall');
  await field(reporter, 'Pincode').fill(pincode);
}

async function startNewCase(page: Page, type: string): Promise<void> {
  await page.getByRole('button', { name: 'Add case' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Case' });
  await dialog.getByRole('radio', { name: type, exact: true }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Add Case', level: 1 })).toBeVisible();
}

const box = async (locator: Locator) => {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('not on screen');
  return rect;
};
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Resolves once the page's scroll position has held for five frames (or after 3 s, if it never does). */
function whenScrollSettles(): Promise<void> {
  return new Promise((resolve) => {
    const started = performance.now();
    let last = window.scrollY;
    let still = 0;
    const look = () => {
      still = window.scrollY === last ? still + 1 : 0;
      last = window.scrollY;
      if (still >= 5 || performance.now() - started > 3000) resolve();
      else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

test.describe('case capture at 360 px', () => {
  test("a walk through all five steps of a fresh 'Reported' case with Save & Next stores no event field, only the usual answers it confirmed", async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.worker);
    await startNewCase(page, 'Sterilization');

    await fillReporter(page, 'Farida Begum', '560095');
    await bar(page).getByRole('button', { name: 'Save & Next' }).click();
    await expectStep(page, 2, 'Animal Details');
    const id = caseIdIn(page);
    for (const [step, name] of [
      [3, 'Medical Details'],
      [4, 'Operation Details'],
      [5, 'Post Operation Details'],
    ] as const) {
      await bar(page).getByRole('button', { name: 'Save & Next' }).click();
      await expectStep(page, step, name);
    }
    await bar(page).getByRole('button', { name: 'Save & Exit' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    const stored = await readCase(page, id);
    const eventValues = Object.fromEntries(Object.entries(EVENT_FIELDS).flatMap(([step, fields]) => fields.map((f) => [`${step}.${f}`, stored[step as keyof typeof EVENT_FIELDS][f]])));
    console.log('event fields stored after the walk:', JSON.stringify(eventValues));
    expect(Object.values(eventValues).every((value) => value === null)).toBe(true);
    // Save & Next on each step confirmed the usual answers it showed for the animal (the ABC report
    // counts this dog as a dog), and wrote nothing else; the operation step shows none, so it was not
    // written at all. The status is as chosen.
    expect([stored.animalDetail.lastModifiedBy, stored.medicalDetail.lastModifiedBy, stored.operationDetail.lastModifiedBy, stored.postOperationDetail.lastModifiedBy]).toEqual(['Worker', 'Worker', null, 'Worker']);
    expect(stored.animalDetail).toMatchObject({ animalSpecies: 'Dog', animalBreed: 'Indie', animalGender: 'Female', animalAge: '1-5 Yrs' });
    expect(stored.medicalDetail.fitForSurgery).toBe('Yes');
    expect(stored.status).toBe('Reported');
    expect(stored.reportingDetail.reporterName).toBe('Farida Begum');
  });

  test('Save & Exit stores the card and the step together, never asks to discard, and the dashboard opens at the top with the case highlighted', async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.manager);
    // Enough cases that the dashboard is longer than the screen.
    for (let n = 0; n < 6; n += 1) await createCase(page, 'OPD');
    const id = await createCase(page);
    await page.goto(`/dashboard/case?id=${id}&step=5`);
    await expect(page.getByRole('heading', { name: 'Post Operation Details', level: 2 })).toBeVisible();

    await page.getByRole('button', { name: /Edit$/ }).click();
    await page.getByRole('combobox', { name: 'Status of Case' }).click();
    await page.getByRole('option', { name: 'Post Operation', exact: true }).click();
    await field(panel(page), 'Comments').fill('Eating well; stitches clean.');
    // Scrolled down, as after filling a long step.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

    const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    let asked = false;
    void discard.waitFor({ state: 'visible', timeout: 15_000 }).then(
      () => (asked = true),
      () => undefined,
    );
    await bar(page).getByRole('button', { name: 'Save & Exit' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('group', { name: 'Total Cases' })).toBeVisible();
    expect(asked).toBe(false);
    await expect(discard).toHaveCount(0);

    // Opens at the top (it used to open where the case page was scrolled), with the saved case marked.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole('searchbox', { name: 'Search cases' })).toBeInViewport();
    await expect(page.getByRole('listitem', { name: `Case #${id}` })).toHaveClass(/saved/);

    const stored = await readCase(page, id);
    expect(stored.status).toBe('Post Operation');
    expect(stored.postOperationDetail.comments).toBe('Eating well; stitches clean.');
    // The rest of the step was not written: its event fields are still empty.
    expect(stored.postOperationDetail.releaseDate).toBeNull();
    expect(stored.postOperationDetail.popStartDate).toBeNull();
  });

  test('every page opens at the top, and Back returns to where the dashboard was scrolled', async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.manager);
    for (let n = 0; n < 4; n += 1) await createCase(page, 'IPD');
    await page.goto('/dashboard');
    const cards = page.getByRole('list', { name: 'Cases' }).getByRole('listitem');
    await expect(cards.nth(3)).toBeVisible();
    await cards.nth(3).scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(300);

    await cards.nth(3).getByRole('link', { name: /^Edit Case #/ }).click();
    await expect(page.getByRole('heading', { name: 'Edit Case', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
    // Where it was: the case opened is in view again. Not to the pixel: under load the page can be a
    // few pixels shorter at the moment the position is restored (seen once in five: 1363 for 1370).
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 24);
    await expect(cards.nth(3)).toBeInViewport();

    // Opened afresh (reloaded here), it opens at the top and stays there once its list is drawn: the
    // positions the tab keeps are for Back within the app. React Router used to restore the one kept
    // with the list's remaining rows, a second render after the first screen.
    await page.reload();
    await expect(cards).toHaveCount((await firstCasePage(page)).data.length);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Reporter Management' }).click();
    await expect(page.getByRole('heading', { name: 'Reporter Management', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  for (const language of ['en', 'hi'] as const) {
    test(`records a full ABC case at 360 px in ${language === 'en' ? 'English' : 'Hindi'} in at most 40 taps and 6 scrolls, plus typing and camera shots`, async ({ page, context }) => {
      test.setTimeout(240_000);
      const say = (key: MessageKey, values: Record<string, string> = {}) => text(language, key).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
      const todayFor = (field: MessageKey) => say('cases.step.todayFor', { field: say(field) });
      const nowFor = (field: MessageKey) => say('cases.step.nowFor', { field: say(field) });
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation({ latitude: 12.9716, longitude: 77.5946, accuracy: 9 });
      const account = E2E_ACCOUNTS.manager;
      expect((await page.request.post('/api/auth/login', { data: { loginId: account.username, password: account.password } })).status()).toBe(200);
      expect((await page.request.post('/api/auth/updateLanguage', { data: { language } })).status()).toBe(200);
      try {
        await page.goto('/dashboard');
        await expect(page.getByRole('button', { name: say('shell.logout') })).toBeVisible();

        // A tap on what the thumb can reach; a target off the screen, or under the action bar or a
        // toast, first needs a scroll (counted), as it would for the worker.
        let taps = 0;
        let scrolls = 0;
        const tap = async (target: Locator) => {
          await target.waitFor();
          // The worker looks once the page has stopped moving: a new step glides to its top
          // (behavior: 'smooth'), and a look in mid-glide would count a scroll the worker never makes.
          await page.evaluate(whenScrollSettles);
          const reachable = await target.evaluate((element) => {
            const box = element.getBoundingClientRect();
            const x = box.left + box.width / 2;
            const y = box.top + box.height / 2;
            if (y < 0 || y > window.innerHeight) return false;
            const hit = document.elementFromPoint(x, y);
            return hit !== null && (element.contains(hit) || hit.contains(element));
          });
          if (!reachable) {
            scrolls += 1;
            console.log(`scroll ${scrolls} before ${String(target)}`);
            await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
          }
          taps += 1;
          await target.tap();
        };
        const barButton = (key: MessageKey) => page.getByRole('group', { name: say('cases.actions.label') }).getByRole('button', { name: say(key), exact: true });
        const choose = (group: MessageKey, option: MessageKey) => panel(page).getByRole('radiogroup', { name: say(group) }).getByRole('radio', { name: say(option), exact: true });
        const photo = async (field: MessageKey) => {
          const chooser = page.waitForEvent('filechooser');
          await tap(panel(page).getByRole('group', { name: say(field) }).getByRole('button', { name: say('images.takePhoto') }));
          await (await chooser).setFiles(PHOTO);
          await expect(panel(page).getByRole('img', { name: `${say(field)} 1`, exact: true })).toBeVisible({ timeout: 30_000 });
        };
        const onStep = (step: number) => expect(page).toHaveURL(new RegExp(`[?&]step=${step}(&|$)`));

        await tap(page.getByRole('button', { name: say('cases.dashboard.addCase') }));
        const dialog = page.getByRole('dialog', { name: say('cases.addDialog.title') });
        await tap(dialog.getByRole('radio', { name: say('option.caseType.Sterilization'), exact: true }));
        await tap(dialog.getByRole('button', { name: say('common.next') }));

        // 1. The call, and the capture at the phone's location.
        const reporter = panel(page);
        await reporter.getByRole('combobox', { name: say('field.reporterName'), exact: true }).fill('Shweta Kulkarni');
        await reporter.getByRole('combobox', { name: say('field.reporterContact'), exact: true }).fill('+91 98860 40410');
        await reporter.getByRole('textbox', { name: say('field.location'), exact: true }).fill('Koramangala 5th Block, near the water tank');
        await reporter.getByRole('textbox', { name: say('field.landmark'), exact: true }).fill('Forum Mall');
        await reporter.getByRole('textbox', { name: say('field.pincode'), exact: true }).fill('560034');
        await tap(reporter.getByRole('button', { name: say('cases.abc.useMyLocation') }));
        await expect(reporter.getByRole('textbox', { name: say('cases.abc.captureLatitude'), exact: true })).toHaveValue('12.9716');
        await tap(barButton('cases.actions.saveAndNext'));
        await onStep(2);
        const id = caseIdIn(page);

        // 2. The animal: gender, ear notch, collar tag, a photo.
        await tap(choose('field.animalGender', 'option.gender.Male'));
        await panel(page).getByRole('textbox', { name: say('field.collarTag'), exact: true }).fill(`TAG-${language}-${id}`);
        await tap(choose('field.earNotch', 'option.earNotch.Left'));
        await photo('field.animalPictures');
        await tap(barButton('cases.actions.saveAndNext'));
        await onStep(3);

        // 3. Admission and the anti-rabies vaccine.
        await tap(panel(page).getByRole('button', { name: todayFor('field.admissionDate') }));
        await panel(page).getByRole('textbox', { name: say('field.vaccineName'), exact: true }).fill('Raksharab');
        await panel(page).getByRole('textbox', { name: say('field.vaccineBatch'), exact: true }).fill('RB-2207');
        await tap(panel(page).getByRole('button', { name: todayFor('field.vaccinationDate') }));
        await tap(barButton('cases.actions.saveAndNext'));
        await onStep(4);

        // 4. The operation.
        await panel(page).getByRole('combobox', { name: say('field.vetName'), exact: true }).fill('Dr. Arjun Shetty');
        await tap(panel(page).getByRole('button', { name: todayFor('field.operationDate') }));
        await tap(panel(page).getByRole('button', { name: nowFor('field.operationStartTime') }));
        await tap(panel(page).getByRole('button', { name: nowFor('field.operationEndTime') }));
        await tap(choose('field.operationOutcome', 'option.operationOutcome.Success'));
        await tap(barButton('cases.actions.saveAndNext'));
        await onStep(5);

        // 5. Post-operation care and the release where it was caught, then two days of the log.
        await tap(panel(page).getByRole('button', { name: todayFor('field.popStartDate') }));
        await tap(panel(page).getByRole('button', { name: todayFor('field.releaseDate') }));
        await tap(panel(page).getByRole('button', { name: say('cases.abc.useMyLocation') }));
        await tap(barButton('cases.actions.save'));
        const released = say('option.status.Released');
        await tap(page.getByRole('button', { name: say('cases.statusOffer.move', { status: released }) }));
        await expect(toast(page, say('cases.statusSelect.changed', { status: released }))).toBeVisible();
        for (const [day, temperature] of [
          [1, '38.6'],
          [2, '38.4'],
        ] as const) {
          await tap(page.getByRole('button', { name: say('cases.log.add') }));
          const editor = page.locator('.mantine-Paper-root').filter({ has: page.getByRole('heading', { name: say('cases.log.addTitle') }) });
          await editor.getByRole('textbox', { name: say('cases.log.temperatureLabel'), exact: true }).fill(temperature);
          await tap(editor.getByRole('button', { name: say('common.save'), exact: true }));
          await expect(toast(page, say('cases.log.saved', { day: String(day) }))).toBeVisible();
        }
        await tap(barButton('cases.actions.saveAndExit'));
        await expect(page).toHaveURL(/\/dashboard$/);

        console.log(`a full ABC case at 360 px in ${language}: ${taps} taps, ${scrolls} scrolls`);
        expect(taps).toBeLessThanOrEqual(40);
        // Issue 34's target. The 6 left (27 taps): the capture's location under the call's fields, the
        // ear notch, the vaccination date, the operation's outcome under a status offer, the release
        // date (its place follows on the same screen), and the first 'Add day' below the step's photos.
        expect(scrolls).toBeLessThanOrEqual(6);

        const stored = await readCase(page, id);
        expect(stored.status).toBe('Released');
        expect(stored.reportingDetail).toMatchObject({ reporterName: 'Shweta Kulkarni', captureLatitude: 12.9716, captureSource: 'device' });
        expect(stored.animalDetail).toMatchObject({ animalGender: 'Male', earNotch: 'Left' });
        expect(stored.animalDetail.animalPictures).toHaveLength(1);
        expect(stored.medicalDetail.admissionDate).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
        expect(stored.operationDetail).toMatchObject({ vetName: 'Dr. Arjun Shetty', operationOutcome: 'Success' });
        expect(stored.postOperationDetail.releaseDate).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
        expect((stored.postOpDays as Array<{ dayNumber: number }>).map((day) => day.dayNumber)).toEqual([1, 2]);
      } finally {
        await page.request.post('/api/auth/updateLanguage', { data: { language: 'en' } });
      }
    });
  }

  test('after a save that records a release, one tap moves the status on', async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.manager);
    const id = await createCase(page);
    await page.goto(`/dashboard/case?id=${id}&step=5`);

    await panel(page).getByRole('button', { name: 'Today – Release Date' }).click();
    await bar(page).getByRole('button', { name: 'Save', exact: true }).click();
    const offer = toast(page, `Move case #${id} on to “Released”?`);
    await expect(offer).toBeVisible();
    await offer.getByRole('button', { name: 'Set status: Released' }).click();
    await expect(toast(page, 'Status changed to Released')).toBeVisible();
    await expect.poll(async () => (await readCase(page, id)).status).toBe('Released');
  });

  test('the reporter step finds a reporter of the directory as it is typed, and saves a new one to it with one tap', async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.worker);
    const known = await page.request.post('/api/reporter/createReporter', { data: { name: 'Lakshmi Narayan', contact: '+91 99000 11223', email: 'lakshmi@example.org' } });
    expect(known.status()).toBe(200);
    await startNewCase(page, 'OPD');

    await lookup(panel(page), 'Reporter Name').fill('Laksh');
    await page.getByRole('option', { name: /Lakshmi Narayan/ }).click();
    await expect(lookup(panel(page), 'Phone Number')).toHaveValue('+91 99000 11223');
    await expect(field(panel(page), 'Email')).toHaveValue('lakshmi@example.org');
    await expect(panel(page).getByText('In the reporter directory')).toBeVisible();

    await lookup(panel(page), 'Reporter Name').fill('Gopal Hegde');
    await lookup(panel(page), 'Phone Number').fill('+91 99000 44556');
    await panel(page).getByRole('button', { name: 'Save to reporters' }).click();
    await expect(toast(page, 'Reporter created successfully')).toBeVisible();
    const found = await page.request.post('/api/reporter/getReporters', { data: { search: 'Gopal Hegde' } });
    expect(((await found.json()) as { data: Array<{ contact: string }> }).data.map((r) => r.contact)).toEqual(['+91 99000 44556']);
  });

  test("errors name the field and show once, below the top bar and clear of the action bar and Logout, and don't follow to the next page", async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.worker);
    await startNewCase(page, 'Vaccination');
    await lookup(panel(page), 'Reporter Name').fill('Imran Pasha');
    for (let press = 0; press < 3; press += 1) {
      await bar(page).getByRole('button', { name: 'Save & Next' }).click();
      await expect(toast(page, 'Please fill Required Details')).toHaveCount(1);
    }
    await expect(panel(page).getByText('Phone Number is required')).toBeVisible();
    await expect(lookup(panel(page), 'Phone Number')).toBeFocused();

    const alert = await box(toast(page, 'Please fill Required Details'));
    expect(overlaps(alert, await box(bar(page)))).toBe(false);
    expect(overlaps(alert, await box(page.getByRole('button', { name: 'Logout' })))).toBe(false);

    await bar(page).getByRole('link', { name: 'Exit' }).click();
    await page.getByRole('dialog', { name: 'Discard unsaved changes?' }).getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toast(page, 'Please fill Required Details')).toHaveCount(0);
  });

  test('every step has touch targets of at least 44 px, readable step names, and no accessibility problem axe can find', async ({ page }) => {
    // Five steps judged by axe, each now with its ABC section (issue 16): more than the default 30 s on a busy machine.
    test.setTimeout(120_000);
    await signIn(page, E2E_ACCOUNTS.manager);
    const id = await createCase(page);
    await page.goto(`/dashboard/case?id=${id}`);
    await expect(page.getByRole('heading', { name: 'Reporter Details', level: 2 })).toBeVisible();

    const names = ['Reporter Details', 'Animal Details', 'Medical Details', 'Operation Details', 'Post Operation Details'];
    for (const [index, name] of names.entries()) {
      await page.getByRole('tab', { name, exact: true }).click();
      await expectStep(page, index + 1, name);
      await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
      if (index === 0) await page.getByRole('button', { name: /Edit$/ }).click();

      // Every control a thumb may hit, in the page and its action bar.
      const small = await page.evaluate(() => {
        const controls = document.querySelectorAll<HTMLElement>('main button, main a[href], main input:not([type="hidden"]), main [role="radio"], main [role="tab"], main textarea');
        return [...controls]
          .filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden')
          .map((element) => {
            // An input's target is its whole field (the wrapper the label points into).
            const target = element.matches('input, textarea') ? (element.closest('.mantine-Input-wrapper') ?? element) : element;
            const { width, height } = target.getBoundingClientRect();
            return { name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName, width: Math.round(width), height: Math.round(height) };
          })
          .filter(({ width, height }) => width < 44 || height < 44);
      });
      expect(small, `small touch targets on ${name}`).toEqual([]);

      // No step name clipped in the indicator.
      const clipped = await page.getByRole('tablist').evaluate((list) => [...list.querySelectorAll<HTMLElement>('[role="tab"] span')].filter((span) => span.clientWidth > 1 && span.scrollWidth > span.clientWidth + 1).map((span) => span.textContent));
      expect(clipped).toEqual([]);

      const { violations } = await axeAudit(page).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`), `axe on ${name}`).toEqual([]);
    }
  });

  // Between a phone and a desk the sidebar stays, and the case page beside it is narrower than a phone.
  for (const [language, account] of [
    ['en', E2E_ACCOUNTS.manager],
    ['hi', E2E_ACCOUNTS.keyboard],
  ] as const) {
    test(`at 520 and 768 px every step of a sterilisation case fits beside the sidebar, its action bar clear of it (${language})`, async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      expect((await page.request.post('/api/auth/login', { data: { loginId: account.username, password: account.password } })).status()).toBe(200);
      if (language === 'hi') expect((await page.request.post('/api/auth/updateLanguage', { data: { language: 'hi' } })).status()).toBe(200);
      await page.addInitScript((lang) => window.localStorage.setItem('rescuedesk.language', lang), language);
      const id = await createCase(page);
      const actions = page.getByRole('group', { name: text(language, 'cases.actions.label') });
      for (const width of [520, 768]) {
        await page.setViewportSize({ width, height: 800 });
        for (let step = 1; step <= 5; step += 1) {
          await page.goto(`/dashboard/case?id=${id}&step=${step}`);
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await expect(panel(page).getByRole('heading', { level: 2 })).toBeVisible();
          const menu = await page.getByRole('navigation', { name: text(language, 'shell.mainMenu') }).boundingBox();
          const controls = await actions.locator('button:visible, a:visible').all();
          expect(controls.length).toBeGreaterThanOrEqual(4);
          for (const control of controls) {
            await expect(control).toBeInViewport({ ratio: 1 });
            expect((await control.boundingBox())!.x, `${await control.textContent()} at ${width} px, step ${step}`).toBeGreaterThanOrEqual(menu!.x + menu!.width);
          }
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `step ${step} at ${width} px`).toBeLessThanOrEqual(width);
        }
        await page.screenshot({ path: path.join(testInfo.project.outputDir, `case-steps-${width}-${language}.png`), fullPage: true });
      }
    });
  }

  // Beside the sidebar five tabs a row are narrower than a short name at 520 px ('Operation' was 'Ope…').
  for (const [language, account] of [
    ['en', E2E_ACCOUNTS.manager],
    ['hi', E2E_ACCOUNTS.keyboard],
  ] as const) {
    test(`at 520 and 768 px the step indicator shows every step's name whole beside the sidebar (${language})`, async ({ page }, testInfo) => {
      expect((await page.request.post('/api/auth/login', { data: { loginId: account.username, password: account.password } })).status()).toBe(200);
      if (language === 'hi') expect((await page.request.post('/api/auth/updateLanguage', { data: { language: 'hi' } })).status()).toBe(200);
      await page.addInitScript((lang) => window.localStorage.setItem('rescuedesk.language', lang), language);
      const id = await createCase(page);
      for (const width of [520, 768]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/dashboard/case?id=${id}&step=2`);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        const boxes: Array<{ x: number; y: number; width: number; height: number }> = [];
        for (const { key: step } of CASE_STEP_TABLE) {
          const tab = page.getByRole('tab', { name: text(language, `step.${step}`), exact: true });
          const name = tab.getByText(text(language, `cases.step.short.${step}`), { exact: true });
          await expect(name, `${step} at ${width} px`).toBeVisible();
          // Whole: not ended in '…' (the text fits its box) and inside its own tab.
          expect(await name.evaluate((element) => element.scrollWidth - element.clientWidth), `${step} at ${width} px`).toBeLessThanOrEqual(0);
          const [own, label] = [(await tab.boundingBox())!, (await name.boundingBox())!];
          expect(label.x, `${step} at ${width} px`).toBeGreaterThanOrEqual(own.x);
          expect(label.x + label.width, `${step} at ${width} px`).toBeLessThanOrEqual(own.x + own.width + 0.5);
          boxes.push(own);
        }
        // No tab over another.
        for (const [index, a] of boxes.entries()) {
          for (const b of boxes.slice(index + 1)) {
            const apart = a.x + a.width <= b.x + 0.5 || b.x + b.width <= a.x + 0.5 || a.y + a.height <= b.y + 0.5 || b.y + b.height <= a.y + 0.5;
            expect(apart, `tabs overlap at ${width} px`).toBe(true);
          }
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.getByRole('tablist').first().screenshot({ path: path.join(testInfo.project.outputDir, `case-step-names-${width}-${language}.png`) });
      }
    });
  }
});
