import sharp from 'sharp';
import { fillHindiReport, openPublicPage, sendHindiReport } from './citizen';
import { expect, test } from './base';
import { expectTapHeight, solidPng, toast } from './helpers';

/**
 * The citizen's side (issue 35, docs/citizen-reports.md): a passer-by on a 360 px phone in Hindi
 * reports a hurt dog with a photo and the phone's position, gets a code and a tracking link; the
 * NGO's staff accept the report; the tracking page then says so.
 */
test('a citizen reports a dog in Hindi at 360 px, staff accept it, and the tracking page shows it accepted', async ({ browser, page, baseURL }) => {
  const slug = await openPublicPage(page, 'green-paws', { helpline: '080 2345 6789' });

  const citizen = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    locale: 'hi-IN',
    geolocation: { latitude: 12.9716, longitude: 77.5946, accuracy: 15 },
    permissions: ['geolocation'],
  });
  const phone = await citizen.newPage();
  await phone.goto(`/r/${slug}`);
  await expect(phone.getByRole('heading', { name: 'मुसीबत में पड़े जानवर की सूचना दें' })).toBeVisible();
  const gps = phone.getByRole('button', { name: 'मेरी जगह लें' });
  await expectTapHeight(gps);
  await gps.click();
  await expect(phone.getByRole('status').filter({ hasText: 'जगह ले ली गई' })).toBeVisible();
  await phone.getByLabel('फ़ोटो जोड़ें').setInputFiles({ name: 'dog.png', mimeType: 'image/png', buffer: solidPng(640, 480, [192, 57, 43]) });
  await expect(phone.getByRole('button', { name: 'फ़ोटो 1 हटाएँ' })).toBeVisible();
  await fillHindiReport(phone, { name: 'मीना राव', phone: '98450 12121' });
  await phone.getByRole('checkbox', { name: /संपर्क कर सकता है/ }).check();
  const send = phone.getByRole('button', { name: 'सूचना भेजें' });
  await expectTapHeight(send);
  // Enabled once the proof of work is done.
  await expect(send).toBeEnabled();
  await send.click();
  const codeLine = phone.getByTestId('report-code');
  await expect(codeLine).toContainText('आपकी सूचना का कोड:');
  const code = (await codeLine.textContent())!.split(':')[1]!.trim();
  expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
  await expect(phone.getByRole('img', { name: 'आपकी सूचना की स्थिति वाले लिंक का QR कोड' })).toBeVisible();
  const trackingHref = await phone.getByRole('link', { name: 'अपनी सूचना की स्थिति देखें' }).getAttribute('href');

  await page.goto('/intake');
  const card = page.getByRole('article', { name: new RegExp(code) });
  await expect(card).toContainText('मीना राव');
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(card.getByLabel('Pincode')).toHaveValue('560001');
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page, 'Accepted: case #')).toBeVisible();
  await expect(card.getByRole('link', { name: /Open case #\d+/ })).toBeVisible();

  await phone.goto(trackingHref!);
  await expect(phone.getByText('स्वीकार: टीम काम पर है')).toBeVisible();
  await expect(phone.getByText('हेल्पलाइन: 080 2345 6789')).toBeVisible();
  await citizen.close();
});

test("a citizen without GPS is offered the photo's own place, and only a tap sends it", async ({ browser, page, baseURL }) => {
  const slug = await openPublicPage(page, 'photo-place');

  const citizen = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, locale: 'en-IN' });
  const phone = await citizen.newPage();
  await phone.goto(`/r/${slug}`);
  // A camera photo taken at 12°58' N, 77°35' E.
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c0392b' } })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 0/1' } })
    .jpeg()
    .toBuffer();
  await phone.getByLabel('Add a photo').setInputFiles({ name: 'dog.jpg', mimeType: 'image/jpeg', buffer: photo });
  const use = phone.getByRole('button', { name: "Use the photo's place" });
  await expect(phone.getByRole('status').filter({ hasText: 'Your photo knows where it was taken.' })).toBeVisible();
  await expectTapHeight(use);
  await use.click();
  await expect(phone.getByRole('status').filter({ hasText: 'The place where your photo was taken will be sent.' })).toBeVisible();
  await expect(use).toBeHidden();

  await phone.getByLabel('Injured').check();
  await phone.getByLabel('Your name').fill('Ravi Rao');
  await phone.getByLabel('Your phone number').fill('98450 13131');
  await phone.getByRole('checkbox', { name: /may contact me about this report/ }).check();
  const send = phone.getByRole('button', { name: 'Send report' });
  await expect(send).toBeEnabled();
  await send.click();
  const code = (await phone.getByTestId('report-code').textContent())!.split(':')[1]!.trim();

  const listed = (await (await page.request.post('/api/intake/getReports', { data: { pageSize: 100 } })).json()) as { data: Array<{ code: string; latitude: number | null; longitude: number | null; accuracy: number | null }> };
  const report = listed.data.find((r) => r.code === code);
  expect(report?.latitude).toBeCloseTo(12 + 58 / 60, 5);
  expect(report?.longitude).toBeCloseTo(77 + 35 / 60, 5);
  expect(report?.accuracy).toBeNull();
  await citizen.close();
});

test('a reporter adds a comment by the code on the NGO page; once declined, the report takes nothing more', async ({ browser, page, baseURL }) => {
  const slug = await openPublicPage(page, 'add-by-code');

  const citizen = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, locale: 'hi-IN' });
  const phone = await citizen.newPage();
  await phone.goto(`/r/${slug}`);
  await fillHindiReport(phone, { name: 'रवि राव', phone: '98450 15151' });
  const { code } = await sendHindiReport(phone);

  // Later, on the NGO's page with only the code (as read out on the phone).
  await phone.goto(`/r/${slug}`);
  await phone.getByLabel('सूचना का कोड').fill(code);
  await phone.getByRole('button', { name: 'खोजें' }).click();
  await phone.getByLabel('टिप्पणी').fill('<script>alert(1)</script> कुत्ता पार्क में है');
  await phone.getByRole('button', { name: 'जोड़ें', exact: true }).click();
  await expect(phone.getByRole('status').filter({ hasText: 'जोड़ दिया गया। धन्यवाद।' })).toBeVisible();
  await expect(phone.getByText('<script>alert(1)</script> कुत्ता पार्क में है')).toBeVisible();

  await page.goto('/intake');
  const card = page.getByRole('article', { name: new RegExp(code) });
  await expect(card.getByRole('region', { name: 'Added later by the reporter' })).toContainText('<script>alert(1)</script> कुत्ता पार्क में है');
  await card.getByRole('button', { name: 'Decline' }).click();
  await card.getByLabel('Reason').fill('Not our area');
  await card.getByRole('button', { name: 'Decline' }).click();
  await expect(toast(page, 'Declined')).toBeVisible();

  await phone.getByRole('button', { name: 'खोजें' }).click();
  await expect(phone.getByText('कारण: Not our area')).toBeVisible();
  await expect(phone.getByText('यह रिपोर्ट बंद हो चुकी है', { exact: false })).toBeVisible();
  await expect(phone.getByRole('button', { name: 'जोड़ें', exact: true })).toBeHidden();
  await citizen.close();
});
