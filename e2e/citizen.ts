import type { Page } from '@playwright/test';
import { E2E_ACCOUNTS } from './accounts';
import { expect } from './base';
import { signIn } from './helpers';

/** Signs the Founder in on `page` and turns the NGO's public page on at a fresh address; answers that address. */
export async function openPublicPage(page: Page, prefix: string, settings: { helpline?: string } = {}): Promise<string> {
  const slug = `${prefix}-${Date.now().toString(36)}`;
  await signIn(page, E2E_ACCOUNTS.founder);
  const me = await (await page.request.get('/api/auth/me')).json();
  const opened = await page.request.post('/api/ngo/updateNgo', { data: { ngoId: me.data.ngoId, publicPageEnabled: true, publicSlug: slug, ...settings } });
  expect(opened.status(), await opened.text()).toBe(200);
  return slug;
}

/**
 * The public report page in Hindi, as the citizen specs fill it: the typed place, an injured dog,
 * what was seen, who is reporting. GPS, photos and the choice of messages are each spec's own.
 */
export async function fillHindiReport(phone: Page, who: { name: string; phone: string }): Promise<void> {
  await phone.getByLabel('पता या पास की पहचान').fill('एमजी रोड मेट्रो के पास');
  await phone.getByLabel('पिनकोड').fill('560001');
  await phone.getByLabel('घायल').check();
  await phone.getByLabel('आपने क्या देखा?').fill('पैर में चोट है, लंगड़ा रहा है');
  await phone.getByLabel('आपका नाम').fill(who.name);
  await phone.getByLabel('आपका फ़ोन नंबर').fill(who.phone);
}

/** Agrees to be contacted, sends once the proof of work is done, and reads the code and the tracking link shown. */
export async function sendHindiReport(phone: Page): Promise<{ code: string; trackingHref: string }> {
  await phone.getByRole('checkbox', { name: /संपर्क कर सकता है/ }).check();
  const send = phone.getByRole('button', { name: 'सूचना भेजें' });
  await expect(send).toBeEnabled();
  await send.click();
  const codeLine = phone.getByTestId('report-code');
  await expect(codeLine).toContainText('आपकी सूचना का कोड:');
  const code = (await codeLine.textContent())!.split(':')[1]!.trim();
  const trackingHref = (await phone.getByRole('link', { name: 'अपनी सूचना की स्थिति देखें' }).getAttribute('href'))!;
  return { code, trackingHref };
}
