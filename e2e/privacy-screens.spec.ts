import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { MessageKey } from '@rescuedesk/shared';
import { expect, test } from './base';
import { E2E_ACCOUNTS } from './accounts';
import { text } from './catalogue';
import { apiAs, posted, signIn, toast } from './helpers';

const en = (key: MessageKey) => text('en', key);
const PHONE_SIZE = { width: 360, height: 740 };

/** A number of this run alone: the register and the search see only this test's records. */
const PHONE = `98${String(Date.now()).slice(-8)}`;
/** As typed in Requests, and as the register shows it masked. */
const TYPED = `+91 ${PHONE.slice(0, 5)} ${PHONE.slice(5)}`;
const MASKED = `+91 ${PHONE.slice(0, 2)}xxx xx${PHONE.slice(-3)}`;

/**
 * The privacy screens a Founder uses on a phone (docs/privacy.md#requests): the retention preview,
 * finding a person by phone, an access request exported as a zip, and an erasure with its reason.
 */
test('a Founder at 360 px previews retention, finds a person by phone, exports an access request and erases', async ({ page, browser, baseURL }) => {
  const worker = await apiAs(browser, baseURL, E2E_ACCOUNTS.worker);
  const { id: caseId } = await posted<{ id: number }>(worker, '/api/case/createCase', { type: 'OPD' });
  await posted(worker, '/api/case/updateReportingDetail', {
    caseId,
    reporterName: 'Rekha Shetty',
    reporterContact: PHONE,
    reporterEmail: 'rekha.shetty@example.org',
    location: 'Jayanagar 4th Block',
    landmark: 'Bus depot',
    pincode: '560011',
    reportedDate: '2026-11-20',
    reportedTime: '09:30',
  });
  await posted(worker, '/api/case/updateCase', { caseId, status: 'Released' });

  await page.setViewportSize(PHONE_SIZE);
  await signIn(page, E2E_ACCOUNTS.founder, '/privacy/retention');
  await expect(page.getByRole('heading', { level: 1, name: en('privacy.retention.title') })).toBeVisible();
  await expect(page.getByRole('heading', { name: en('privacy.retention.next') })).toBeVisible();
  await expect(page.getByText(en('privacy.retention.count.case'), { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: en('privacy.retention.runNow') })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll at 360 px').toBeLessThanOrEqual(360);

  await page.getByRole('tab', { name: en('privacy.requests.tab') }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('privacy.requests.title') })).toBeVisible();
  await page.getByRole('textbox', { name: en('privacy.requests.phone') }).fill(TYPED);
  await page.getByRole('button', { name: en('privacy.requests.find') }).click();
  const found = page.getByLabel(en('privacy.requests.found'));
  await expect(found.getByText(`${en('privacy.retention.kind.case')} #${caseId}`)).toBeVisible();
  await expect(found.getByText(`Rekha Shetty · ${PHONE} · rekha.shetty@example.org`)).toBeVisible();

  // An access request: added with today's date, then its zip.
  await page.getByRole('button', { name: en('privacy.requests.add') }).click();
  await expect(toast(page, en('privacy.requests.added'))).toBeVisible();
  const cards = page.getByText(MASKED, { exact: true }).locator('xpath=ancestor::div[contains(@class, "mantine-Paper-root")][1]');
  const access = cards.filter({ hasText: en('privacy.requests.kind.access') });
  await expect(access).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent('download'), access.getByRole('button', { name: en('privacy.requests.export') }).click()]);
  expect(download.suggestedFilename()).toMatch(/^data-request-\d+\.zip$/);
  const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(Object.keys(zip).sort()).toEqual(['records.csv', 'records.json', 'request.json']);
  expect(strFromU8(zip['records.csv']!)).toContain(PHONE);
  await expect(toast(page, en('privacy.requests.exported'))).toBeVisible();

  // An erasure request: added, then erased with a reason after the confirmation.
  await page.getByRole('combobox', { name: en('privacy.requests.kind') }).click();
  await page.getByRole('option', { name: en('privacy.requests.kind.erasure') }).click();
  await page.getByRole('button', { name: en('privacy.requests.add') }).click();
  const erasure = cards.filter({ hasText: en('privacy.requests.kind.erasure') });
  await expect(erasure).toHaveCount(1);
  const erase = erasure.getByRole('button', { name: en('privacy.requests.erase') });
  await expect(erase).toBeDisabled();
  await erasure.getByRole('textbox', { name: en('privacy.requests.reason') }).fill('Asked on the phone to be forgotten');
  await erase.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(en('privacy.requests.eraseConfirm'))).toBeVisible();
  await dialog.getByRole('button', { name: en('privacy.requests.erase') }).click();
  await expect(toast(page, en('privacy.requests.erased'))).toBeVisible();
  await expect(erasure.getByText(/^Done: 1 cases, 0 directory reporters, 0 citizen reports\./)).toBeVisible();
  await expect(erasure.getByRole('button', { name: en('privacy.requests.erase') })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll at 360 px').toBeLessThanOrEqual(360);

  // The case keeps no trace of the reporter; finding the number again finds nothing.
  const founder = await apiAs(browser, baseURL, E2E_ACCOUNTS.founder);
  const kase = await posted<{ reportingDetail: { reporterContact: string | null; reporterName: string | null } }>(founder, '/api/case/getCaseById', { id: caseId });
  expect([kase.reportingDetail.reporterName, kase.reportingDetail.reporterContact]).toEqual([null, null]);
  await page.getByRole('button', { name: en('privacy.requests.find') }).click();
  await expect(page.getByText(en('privacy.requests.findNone'))).toBeVisible();
});

test('the retention preview reads in Hindi at 360 px', async ({ page }) => {
  await page.setViewportSize(PHONE_SIZE);
  await signIn(page, E2E_ACCOUNTS.founder);
  expect((await page.request.post('/api/auth/updateLanguage', { data: { language: 'hi' } })).status()).toBe(200);
  try {
    await page.goto('/privacy/retention');
    await expect(page.getByRole('heading', { level: 1, name: text('hi', 'privacy.retention.title') })).toBeVisible();
    await expect(page.getByRole('heading', { name: text('hi', 'privacy.retention.next') })).toBeVisible();
    await expect(page.getByRole('button', { name: text('hi', 'privacy.retention.runNow') })).toBeVisible();
    await expect(page.getByRole('tab', { name: text('hi', 'privacy.requests.tab') })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll at 360 px').toBeLessThanOrEqual(360);
    await page.screenshot({ path: test.info().outputPath('retention-360-hi.png') });
  } finally {
    // The Founder goes back to English for the specs after this one.
    await page.request.post('/api/auth/updateLanguage', { data: { language: 'en' } });
  }
});
