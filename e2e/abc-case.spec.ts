import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from './base';
import { E2E_ACCOUNTS } from './accounts';
import { axeAudit, signIn } from './helpers';

/**
 * An ABC (Animal Birth Control) case on a 360 px phone (issue 16): caught at a GPS point in one tap,
 * marked, operated on, cared for day by day, and released: once within the NGO's limit of the
 * capture point, once beyond it, which needs a reason and flags the case. The timeline shows it all.
 */

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, actionTimeout: 20_000 });

/** A point in Bengaluru and points at a known distance north of it (1 m of latitude = 1/111,195 degree). */
const CAPTURE = { latitude: 12.9716, longitude: 77.5946, accuracy: 9 };
const north = (metres: number, accuracy = 6) => ({ latitude: +(CAPTURE.latitude + metres / 111_195).toFixed(7), longitude: CAPTURE.longitude, accuracy });

const bar = (page: Page) => page.getByRole('group', { name: 'Case actions' });
const panel = (page: Page) => page.getByRole('tabpanel');
const field = (scope: Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

type StoredCase = {
  id: number;
  releaseDistanceM: number | null;
  releaseFlagged: boolean;
  reportingDetail: Record<string, unknown>;
  animalDetail: Record<string, unknown>;
  postOperationDetail: Record<string, unknown>;
  postOpDays: Array<{ dayNumber: number; temperature: number | null }>;
};

async function readCase(page: Page, id: number): Promise<StoredCase> {
  const response = await page.request.post('/api/case/getCaseById', { data: { id } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: StoredCase }).data;
}

async function expectStep(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

async function at(context: BrowserContext, point: { latitude: number; longitude: number; accuracy: number }): Promise<void> {
  await context.setGeolocation(point);
}

async function saveDay(page: Page, temperature: string, medication: string): Promise<void> {
  await page.getByRole('button', { name: 'Add day' }).click();
  const editor = page.locator('.mantine-Paper-root').filter({ has: page.getByRole('heading', { name: 'Add a day to the log' }) });
  await field(editor, 'Temperature (°C)').fill(temperature);
  await field(editor, 'Medication').fill(medication);
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor).toHaveCount(0);
}

async function shoot(page: Page, locator: Locator, name: string): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/abc-case-${name}.png` });
}

test.describe('an ABC case at 360 px', () => {
  test('is recorded from capture to release with GPS: capture in one tap, daily log, a release within the limit, one beyond it with a reason, and the timeline', async ({ page, context }) => {
    test.setTimeout(180_000);
    await context.grantPermissions(['geolocation']);
    await at(context, CAPTURE);
    await signIn(page, E2E_ACCOUNTS.manager);

    // Capture: a new sterilisation case, caught by the NGO's own squad (no reporter).
    await page.getByRole('button', { name: 'Add case' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Case' });
    await dialog.getByRole('radio', { name: 'Sterilization', exact: true }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await panel(page).getByRole('button', { name: 'Use my location' }).click();
    await expect(panel(page).getByText('Accuracy ±9 m · From: Phone location')).toBeVisible();
    await expect(field(panel(page), 'Capture Latitude')).toHaveValue('12.9716');
    await shoot(page, panel(page).getByRole('button', { name: 'Use my location' }), 'capture-en');
    await bar(page).getByRole('button', { name: 'Save & Next' }).click();
    await expectStep(page, 'Animal Details');
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const captured = await readCase(page, id);
    expect(captured.reportingDetail).toMatchObject({ captureLatitude: 12.9716, captureLongitude: 77.5946, captureAccuracy: 9, captureSource: 'device', reporterName: null });
    expect(captured.reportingDetail.captureDate).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));

    // Identification.
    const tag = `E2E-${id}`;
    await field(panel(page), 'Collar/Tag Number').fill(tag);
    await panel(page).getByRole('radiogroup', { name: 'Ear Notch' }).getByRole('radio', { name: 'Left' }).click();
    await shoot(page, field(panel(page), 'Collar/Tag Number'), 'identification-en');
    await bar(page).getByRole('button', { name: 'Save & Next' }).click();
    await expectStep(page, 'Medical Details');
    await bar(page).getByRole('button', { name: 'Save & Next' }).click();
    await expectStep(page, 'Operation Details');

    // The operation, today.
    await panel(page).getByRole('button', { name: 'Today – Operation Date' }).click();
    await bar(page).getByRole('button', { name: 'Save & Next' }).click();
    await expectStep(page, 'Post Operation Details');
    await expect(page.getByText('Day 0 since surgery', { exact: true })).toBeVisible();
    await expect(page.getByText(/· Day 0 since surgery$/)).toBeVisible();

    // The daily log: two days.
    await saveDay(page, '38.6', 'Meloxicam 0.5 ml');
    await saveDay(page, '38.4', 'None');
    const log = page.getByRole('list').filter({ hasText: 'Day 1' });
    await expect(log.getByText('Day 2', { exact: true })).toBeVisible();
    await expect(log.getByText('38.6 °C')).toBeVisible();
    await shoot(page, log, 'daily-log-en');

    // Release within the limit: 120 m from the capture point.
    await at(context, north(120));
    await panel(page).getByRole('button', { name: 'Use my location' }).click();
    await expect(panel(page).getByText('Accuracy ±6 m')).toBeVisible();
    await bar(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(panel(page).getByText('120 m from the capture point')).toBeVisible();
    await expect(panel(page).getByText("Flagged: released beyond the NGO's limit")).toHaveCount(0);

    // Release beyond it: 900 m away needs a reason (the server's 422, at the field), then is flagged.
    await at(context, north(900));
    await panel(page).getByRole('button', { name: 'Use my location' }).click();
    await bar(page).getByRole('button', { name: 'Save', exact: true }).click();
    const reason = panel(page).getByRole('textbox', { name: 'Reason for Release Away from Capture Point' });
    await expect(reason).toBeFocused();
    await expect(panel(page).getByText(/The release point is 900 m from the capture point, farther than this NGO's limit of 500 m/)).toBeVisible();
    await reason.fill('The feeder moved the dog to her lane; the colony agreed.');
    await bar(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(panel(page).getByText("Flagged: released beyond the NGO's limit")).toBeVisible();
    await expect(panel(page).getByText('900 m from the capture point')).toBeVisible();
    await shoot(page, panel(page).getByText("Flagged: released beyond the NGO's limit"), 'release-en');

    const released = await readCase(page, id);
    expect(released).toMatchObject({ releaseDistanceM: 900, releaseFlagged: true });
    expect(released.animalDetail).toMatchObject({ collarTag: tag, earNotch: 'Left' });
    expect(released.postOpDays.map((day) => [day.dayNumber, day.temperature])).toEqual([
      [1, 38.6],
      [2, 38.4],
    ]);

    // The timeline: newest first, with old -> new values and who made each change.
    await page.getByRole('button', { name: 'Show case history' }).click();
    const history = page.getByRole('list').filter({ hasText: 'Post Operation Details saved' }).first();
    await expect(history.getByText(/^Reason for Release Away from Capture Point: \(empty\) → The feeder moved/)).toBeVisible();
    await expect(history.getByText(`Collar/Tag Number: (empty) → ${tag}`)).toBeVisible();
    await expect(history.getByText('Day added to the post-op log').first()).toBeVisible();
    await expect(history.getByText(/Manoj Manager \(Manager\)/).first()).toBeVisible();
    await shoot(page, page.getByRole('heading', { name: 'Case history' }), 'timeline-en');

    // Toasts (the status offer after the operation date, 'Day 2 saved') are issue 15's and judged by e2e/a11y.spec.ts; this judges the case page.
    const axe = await axeAudit(page).exclude('.mantine-Notifications-root').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('shows the ABC sections in Hindi at 360 px', async ({ page, context }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['geolocation']);
    await at(context, CAPTURE);
    await page.addInitScript(() => window.localStorage.setItem('rescuedesk.language', 'hi'));
    const login = await page.request.post('/api/auth/login', { data: { loginId: E2E_ACCOUNTS.spare.username, password: E2E_ACCOUNTS.spare.password } });
    expect(login.status()).toBe(200);
    expect((await page.request.post('/api/auth/updateLanguage', { data: { language: 'hi' } })).status()).toBe(200);
    const created = await page.request.post('/api/case/createCase', { data: { type: 'Sterilization' } });
    const id = ((await created.json()) as { data: { id: number } }).data.id;

    await page.goto(`/dashboard/case?id=${id}&step=1`);
    await panel(page).getByRole('button', { name: 'मेरी जगह लें' }).click();
    await expect(panel(page).getByText('सटीकता ±9 मीटर · कहाँ से: फ़ोन की लोकेशन').or(panel(page).getByText(/सटीकता ±9 मीटर/))).toBeVisible();
    await shoot(page, panel(page).getByRole('button', { name: 'मेरी जगह लें' }), 'capture-hi');
    await page.goto(`/dashboard/case?id=${id}&step=5`);
    await expect(page.getByRole('heading', { name: 'ऑपरेशन के बाद रोज़ की देखभाल' })).toBeVisible();
    await shoot(page, page.getByRole('heading', { name: 'ऑपरेशन के बाद रोज़ की देखभाल' }), 'daily-log-hi');
    await page.getByRole('button', { name: 'केस का इतिहास दिखाएँ' }).click();
    await expect(page.getByRole('heading', { name: 'केस का इतिहास' })).toBeVisible();
    await expect(page.getByText('केस बनाया गया')).toBeVisible();
    await shoot(page, page.getByRole('heading', { name: 'केस का इतिहास' }), 'timeline-hi');
    expect((await page.request.post('/api/auth/updateLanguage', { data: { language: 'en' } })).status()).toBe(200);
  });
});
