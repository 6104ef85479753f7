import type { MessageKey } from '@rescuedesk/shared';
import { expect, test } from './base';
import { E2E_ACCOUNTS } from './accounts';
import { text } from './catalogue';
import { expectTapHeight, signIn } from './helpers';

const hi = (key: MessageKey, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((message, [name, value]) => message.replace(`{${name}}`, value), text('hi', key));

/**
 * A reporter's phone on a case the Worker does not work on (docs/privacy.md#who-sees-what): masked,
 * with a Reveal of 44 px that fits a 360 px phone in Hindi, and the number in full once revealed.
 */
test("a Worker off the case sees the reporter's phone masked in Hindi at 360 px, and reveals it", async ({ page, browser, baseURL }) => {
  await signIn(page, E2E_ACCOUNTS.worker);
  const created = await page.request.post('/api/case/createCase', { data: { type: 'OPD' } });
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  const saved = await page.request.post('/api/case/updateReportingDetail', {
    data: { caseId: id, reporterName: 'अनीता देसाई', reporterContact: '+91 98450 12345', location: 'एमजी रोड', landmark: 'मेट्रो खंभा 45', pincode: '560001', reportedDate: '2026-11-20', reportedTime: '08:15' },
  });
  expect(saved.status()).toBe(200);

  const phone = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const spare = await phone.newPage();
  await spare.request.post('/api/auth/login', { data: { loginId: E2E_ACCOUNTS.spare.username, password: E2E_ACCOUNTS.spare.password } });
  expect((await spare.request.post('/api/auth/updateLanguage', { data: { language: 'hi' } })).status()).toBe(200);
  try {
    await spare.goto(`/dashboard/case?id=${id}`);
    const number = spare.getByRole('textbox', { name: new RegExp(`^${hi('field.reporterContact')}`) });
    await expect(number).toHaveValue('+91 98xxx xx345');
    const reveal = spare.getByRole('button', { name: hi('privacy.revealLabel', { field: hi('field.reporterContact') }) });
    await expectTapHeight(reveal);
    const box = await reveal.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0), 'Reveal inside the 360 px screen').toBeLessThanOrEqual(360);
    expect(await spare.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await spare.screenshot({ path: test.info().outputPath('masked-phone-360-hi.png') });

    await reveal.click();
    await expect(number).toHaveValue('+91 98450 12345');
    await expect(spare.getByRole('link', { name: hi('privacy.call') })).toHaveAttribute('href', 'tel:+919845012345');
  } finally {
    // The spare account goes back to English for the specs after this one.
    await spare.request.post('/api/auth/updateLanguage', { data: { language: 'en' } });
    await phone.close();
  }
});
