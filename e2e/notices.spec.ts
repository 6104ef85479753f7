import { fillHindiReport, openPublicPage, sendHindiReport } from './citizen';
import { expect, test } from './base';
import { expectTapHeight, toast } from './helpers';

/**
 * Notices to the citizen reporter (docs/citizen-reports.md#notices): a citizen on a 360 px phone in
 * Hindi asks for SMS updates; staff see each notice on the report; the citizen stops them from the
 * tracking page, and staff see that too. (The browser tests' server keeps its worker off: the
 * notices wait to be sent.)
 */
test('a citizen asks for SMS updates in Hindi, staff see the notices, and the citizen stops them', async ({ browser, page, baseURL }) => {
  const slug = await openPublicPage(page, 'notice-paws');

  const citizen = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, locale: 'hi-IN' });
  const phone = await citizen.newPage();
  await phone.goto(`/r/${slug}`);
  await fillHindiReport(phone, { name: 'मीना राव', phone: '98450 14141' });
  const updates = phone.getByRole('group', { name: 'इस रिपोर्ट की जानकारी मुझे भेजें' });
  await expect(updates.getByLabel('कोई संदेश नहीं')).toBeChecked();
  await updates.getByLabel('SMS से').check();
  const { code, trackingHref } = await sendHindiReport(phone);

  await page.goto('/intake');
  const card = page.getByRole('article', { name: new RegExp(code) });
  const notices = card.getByRole('region', { name: 'Messages to the reporter' });
  await expect(notices).toContainText('Received · SMS · Waiting to send');
  await card.getByRole('button', { name: 'Accept' }).click();
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page, 'Accepted: case #')).toBeVisible();
  await expect(notices).toContainText('Accepted · SMS · Waiting to send');
  await expect(notices).not.toContainText('98450');

  await phone.goto(trackingHref);
  const stop = phone.getByRole('button', { name: 'इस रिपोर्ट के संदेश बंद करें' });
  await expectTapHeight(stop);
  await stop.click();
  await expect(phone.getByRole('status').filter({ hasText: 'इस रिपोर्ट के बारे में अब आपको संदेश नहीं मिलेंगे।' })).toBeVisible();
  await phone.reload();
  await expect(phone.getByText('स्वीकार: टीम काम पर है')).toBeVisible();
  await expect(stop).toBeHidden();
  await citizen.close();

  await page.reload();
  await expect(notices).toContainText('The reporter stopped messages on');
  await expect(notices).toContainText('Accepted · SMS · Not sent: the reporter stopped messages');
});
