import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './base';
import { E2E_ACCOUNTS } from './accounts';
import { text, textPattern } from './catalogue';
import { signIn, solidPng } from './helpers';

/**
 * Reports in a real browser (issue 18, docs/reports.md): the case sheet printed by Chromium fits one
 * or two A4 pages, the monthly ABC report downloads as a PDF, the dashboard's CSV export reaches the
 * disk with its byte-order mark and without a Worker's forbidden columns, and the charts come below
 * the list.
 */

/**
 * Down to the charts' place below the dashboard's list, once the list (or its empty state) has
 * arrived and every row is drawn. Scrolled before that, the page is short: the charts' place is in
 * view only until the rows push it down, and the charts never load (a CI run caught it). The page
 * itself is scrolled: a wheel at the corner of a desk's screen turns over the sidebar, not the page.
 */
async function scrollToCharts(page: Page): Promise<void> {
  await expect(page.getByText(/^\d+–\d+ of \d+ cases?$/).or(page.getByText('No cases yet'))).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

async function post<T>(page: Page, url: string, data: object): Promise<T> {
  const response = await page.request.post(url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

async function photo(page: Page, fieldName: string, rgb: [number, number, number]): Promise<string> {
  const response = await page.request.post('/api/image/createImage', { multipart: { fieldName, image: { name: 'photo.png', mimeType: 'image/png', buffer: solidPng(320, 240, rgb) } } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: string }).data;
}

const REPORTING = {
  reporterName: 'Anita Desai',
  reporterContact: '+91 98450 12345',
  location: 'MG Road, near Metro pillar 45',
  landmark: 'Cauvery Emporium',
  pincode: '560001',
  reportedTime: '08:15',
  captureLatitude: 12.9716,
  captureLongitude: 77.5946,
  captureAccuracy: 12,
  captureTime: '08:40',
};

/** A sterilised dog's case from capture to release, with photos and three days of post-op log. */
async function abcCase(page: Page, ward: string, day: string): Promise<number> {
  const { id } = await post<{ id: number }>(page, '/api/case/createCase', { type: 'Sterilization' });
  await post(page, '/api/case/updateReportingDetail', { caseId: id, ...REPORTING, reportedDate: day, captureDate: day, wardZone: ward });
  const pictures = [await photo(page, 'AnimalPictures', [180, 120, 60]), await photo(page, 'AnimalPictures', [90, 140, 80])];
  await post(page, '/api/case/updateAnimalDetail', { caseId: id, animalSpecies: 'Dog', animalAge: '1-5 Yrs', animalGender: 'Female', collarTag: `E2E-${id}`, earNotch: 'Left', animalPictures: pictures });
  await post(page, '/api/case/updateMedicalDetail', { caseId: id, fitForSurgery: 'Yes', admissionDate: day, vaccineName: 'Raksharab', vaccineBatch: 'RB-2611-04', vaccineExpiry: '2027-06-30', vaccinationDate: day });
  await post(page, '/api/case/updateOperationDetail', { caseId: id, vetName: 'Dr. Meera Rao', operationDate: day, operationStartTime: '10:00', operationEndTime: '10:40', operationOutcome: 'Success', organImage: [await photo(page, 'OrganPic', [200, 60, 60])] });
  for (const dayNumber of [1, 2, 3]) await post(page, '/api/case/addPostOpDay', { caseId: id, dayNumber, logDate: day, woundState: 'Clean', appetite: 'Good', temperature: 38.6, medication: 'Meloxicam 0.2 mg/kg' });
  await post(page, '/api/case/updatePostOperationDetail', { caseId: id, releaseDate: day, releaseTime: '17:00', releaseLatitude: 12.9718, releaseLongitude: 77.5946, releaseAccuracy: 10, releasePictures: [await photo(page, 'ReleasePics', [60, 90, 200])] });
  return id;
}

/**
 * Yesterday on the NGOs' calendar (the server's TIME_ZONE, India's): a case's events happened at
 * the times above, so a day of their own date would be refused as in the future before 17:00 there.
 */
const yesterday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(Date.now() - 24 * 60 * 60 * 1000);

test.describe('reports', () => {
  test('prints a case sheet on one or two A4 pages with every step, the log, the release check and photos', async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.manager);
    const id = await abcCase(page, `Print ward ${Date.now()}`, yesterday());
    await page.goto(`/dashboard/case?id=${id}`);
    await page.getByRole('link', { name: 'Print case sheet' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/case/print\\?id=${id}$`));
    await expect(page.getByRole('heading', { name: `Case #${id}`, level: 1 })).toBeVisible();
    for (const heading of ['Reporter Details', 'Animal Details', 'Medical Details', 'Operation Details', 'Post Operation Details', 'Release check', 'Daily Post-operative Log', 'Photos']) {
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    await expect(page.getByText(/22 m from the capture point · Within the NGO's limit/)).toBeVisible();
    const images = page.getByRole('img', { name: /photo \d+$/ });
    await expect(images).toHaveCount(4);
    await expect.poll(() => images.evaluateAll((all) => all.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))).toBe(true);

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rescuedesk-e2e-')), 'case-sheet.pdf');
    fs.writeFileSync(file, pdf);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(2);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Page size:\s+59\d\.\d+ x 84\d\.\d+ pts \(A4\)/);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain(`Case #${id}`);
    expect(text).toContain('Meloxicam 0.2 mg/kg');
  });

  test('shows the monthly ABC report for a ward and downloads it as a PDF', async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.manager);
    const ward = `Report ward ${Date.now()}`;
    await abcCase(page, ward, yesterday());
    await abcCase(page, ward, yesterday());
    await page.goto(`/report?month=${yesterday().slice(0, 7)}&ward=${encodeURIComponent(ward)}`);
    const table = page.getByRole('table', { name: /^ABC report for / });
    await expect(table).toBeVisible();
    const total = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Total' }) });
    // Captured: 0 male, 2 female, 0 pups, 2 in all; operated 2 female; released 2; vaccinated 2.
    await expect(total.getByRole('cell')).toHaveText(['0', '2', '0', '2', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '2', '2', '0', '0', '0', '2', '0', '2', '0']);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/^abc-report-\d{4}-\d{2}-ngo-\d+\.pdf$/);
    expect((await fs.promises.readFile(await saved.path())).subarray(0, 5).toString()).toBe('%PDF-');
    await expect(page.getByText('The PDF is downloaded.')).toBeVisible();
  });

  test('fits the ABC table beside the sidebar at 1280 px, in English and in Hindi', async ({ page }) => {
    // A whole case from capture to release, then the report twice.
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, E2E_ACCOUNTS.manager);
    const ward = `Wide ward ${Date.now()}`;
    await abcCase(page, ward, yesterday());
    try {
      for (const language of ['en', 'hi'] as const) {
        const changed = await page.request.post('/api/auth/updateLanguage', { data: { language } });
        expect(changed.status(), await changed.text()).toBe(200);
        await page.goto(`/report?month=${yesterday().slice(0, 7)}`);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        const scroller = page.getByRole('region', { name: textPattern(language, 'reports.abc.tableLabel') });
        await expect(scroller.getByRole('rowheader', { name: ward })).toBeVisible();
        const { scrollWidth, clientWidth } = await scroller.evaluate((box) => ({ scrollWidth: box.scrollWidth, clientWidth: box.clientWidth }));
        expect(scrollWidth, `${language}: the table needs ${scrollWidth} px in a box of ${clientWidth} px`).toBeLessThanOrEqual(clientWidth);
      }
    } finally {
      // The Manager account is shared by this worker's later tests, which read English.
      await page.request.post('/api/auth/updateLanguage', { data: { language: 'en' } });
    }
  });

  test("names the report's month in Hindi for a user who reads Hindi (the date pickers' names come with the pickers)", async ({ page }) => {
    // A Manager of this test's own, whose account language is Hindi.
    await signIn(page, E2E_ACCOUNTS.founder);
    const stamp = Date.now();
    const manager = { name: 'Hema Hindi', email: `hema${stamp}@example.org`, username: `hema${stamp}`, contact: '9845012345', password: 'Hindi@12345', role: 'Manager' };
    const created = await page.request.post('/api/user/createUser', { data: manager });
    expect(created.status(), await created.text()).toBe(200);
    await page.request.post('/api/auth/logout');
    const signedIn = await page.request.post('/api/auth/login', { data: { loginId: manager.username, password: manager.password } });
    expect(signedIn.status()).toBe(200);
    const language = await page.request.post('/api/auth/updateLanguage', { data: { language: 'hi' } });
    expect(language.status(), await language.text()).toBe(200);

    await page.goto('/report?month=2026-11');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('button', { name: text('hi', 'reports.abc.month') })).toHaveText('नवम्बर 2026');
  });

  test("exports the dashboard's tab as CSV with a byte-order mark, and without phone numbers for a Worker", async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.worker);
    const { id } = await post<{ id: number }>(page, '/api/case/createCase', { type: 'IPD' });
    await post(page, '/api/case/updateReportingDetail', { caseId: id, ...REPORTING, reporterName: '=HYPERLINK("http://evil.example")', reportedDate: yesterday() });
    await page.goto('/dashboard?type=IPD');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const saved = await download;
    const text = await fs.promises.readFile(await saved.path(), 'utf8');
    expect(text.startsWith('\uFEFFCase ID,')).toBe(true);
    // The formula guard is an invisible word joiner before the '=' (docs/reports.md), not a quote.
    expect(text).toContain(`\u2060=HYPERLINK(""http://evil.example"")`);
    expect(text).not.toContain(`'=HYPERLINK`);
    expect(text).not.toContain('98450');
    await expect(page.getByText(/rows? downloaded\.$/)).toBeVisible();
  });

  test('loads the charts below the dashboard list on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, E2E_ACCOUNTS.founder);
    await expect(page.getByRole('heading', { name: 'Charts' })).toHaveCount(0);
    await scrollToCharts(page);
    await expect(page.getByRole('heading', { name: 'Cases per month, by status' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Outcomes' })).toBeVisible();
    // Every count axis counts whole cases: no 0.5 tick on a chart of a handful of cases.
    const ticks = page.locator('.recharts-cartesian-axis-tick-value');
    await expect(ticks.first()).toBeVisible();
    const numeric = (await ticks.allTextContents()).map((text) => text.replace(/,/g, '').trim()).filter((text) => /^-?[\d.]+$/.test(text));
    expect(numeric.length).toBeGreaterThan(0);
    expect(numeric.filter((text) => !Number.isInteger(Number(text)))).toEqual([]);
  });

  test("at 520 and 768 px beside the sidebar a sponsor's case counts show their whole names", async ({ page }, testInfo) => {
    await signIn(page, E2E_ACCOUNTS.founder);
    const created = await page.request.post('/api/sponsor/createSponsor', {
      data: { name: `Bengaluru Animal Welfare Foundation ${Date.now().toString(36)}`, type: 'Sterilization', amount: 250000, startDate: '2026-01-01', endDate: '2026-12-31' },
    });
    expect(created.status()).toBe(200);
    const id = ((await created.json()) as { data: { id: number } }).data.id;
    for (const width of [520, 768]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/sponsor/cases?id=${id}`);
      for (const name of ['Cases', 'Operated', 'Released', 'Vaccinated', 'Died']) {
        // The tile's label (the cases' table below may hold the same word, e.g. a status).
        const label = page.getByRole('paragraph').filter({ hasText: new RegExp(`^${name}$`) });
        await expect(label).toBeVisible();
        expect(await label.evaluate((element) => element.scrollWidth <= element.clientWidth), `'${name}' whole at ${width} px`).toBe(true);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: path.join(testInfo.project.outputDir, `sponsor-cases-${width}.png`) });
    }
  });
});

test.describe('the charts in a browser in India', () => {
  test.use({ timezoneId: 'Asia/Kolkata' });

  test("ask for the months of the browser's own time zone", async ({ page }) => {
    // Watched from the start: with few cases the charts are near the screen at once, and load then.
    const asked = page.waitForRequest((request) => request.url().endsWith('/api/report/getDashboardCharts'));
    await signIn(page, E2E_ACCOUNTS.founder);
    await scrollToCharts(page);
    // Chromium names India's zone by its older IANA name; both are the same zone to Intl and the server.
    expect(['Asia/Kolkata', 'Asia/Calcutta']).toContain((await asked).postDataJSON().timeZone);
    await expect(page.getByRole('heading', { name: 'Cases per month, by status' })).toBeVisible();
  });
});
