import type { Browser, BrowserContext, Page } from '@playwright/test';
import { startFakeNoticeProvider, type FakeNoticeProvider } from '../apps/server/test/fake-notice-provider';
import { SERVER_FIXTURE_TIMEOUT_MS, expect, startServer, test as base } from './base';
import { fillHindiReport, openPublicPage, sendHindiReport } from './citizen';
import { axeAudit, expectTapHeight, solidPng, toast } from './helpers';

/**
 * Issue 35's whole walk, "Done when": this spec's own server runs the notice worker and sends every
 * notice to a fake provider (a real local HTTP server that records requests), where every other
 * spec's server keeps the worker off.
 */
const test = base.extend<object, { fakeProvider: FakeNoticeProvider; noticeServerUrl: string }>({
  fakeProvider: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const provider = await startFakeNoticeProvider();
      try {
        await use(provider);
      } finally {
        await provider.close();
      }
    },
    { scope: 'worker' },
  ],
  noticeServerUrl: [
    async ({ fakeProvider, tileServer }, use) => {
      const server = await startServer({ E2E_MAP_TILE_URL: tileServer.url, E2E_NOTICE_WEBHOOK_URL: fakeProvider.url });
      try {
        await use(server.url);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: SERVER_FIXTURE_TIMEOUT_MS },
  ],
  baseURL: async ({ noticeServerUrl }, use) => {
    await use(noticeServerUrl);
  },
});

/** Today on the NGOs' calendar (docs/decisions/021). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** A citizen's phone: 360 px, Hindi, the phone's position allowed. */
async function phoneOf(browser: Browser, baseURL: string | undefined, at: { latitude: number; longitude: number }): Promise<{ context: BrowserContext; phone: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, locale: 'hi-IN', geolocation: { ...at, accuracy: 15 }, permissions: ['geolocation'] });
  return { context, phone: await context.newPage() };
}

/** Sends a report of an injured dog from the page, with GPS and a photo; answers its code and tracking token. */
async function report(phone: Page, slug: string, who: { name: string; phone: string; channel: 'SMS से' | 'WhatsApp से' }): Promise<{ code: string; token: string; trackingHref: string }> {
  await phone.goto(`/r/${slug}`);
  await phone.getByRole('button', { name: 'मेरी जगह लें' }).click();
  await expect(phone.getByRole('status').filter({ hasText: 'जगह ले ली गई' })).toBeVisible();
  await phone.getByLabel('फ़ोटो जोड़ें').setInputFiles({ name: 'dog.png', mimeType: 'image/png', buffer: solidPng(640, 480, [192, 57, 43]) });
  await expect(phone.getByRole('button', { name: 'फ़ोटो 1 हटाएँ' })).toBeVisible();
  await fillHindiReport(phone, who);
  await phone.getByRole('group', { name: 'इस रिपोर्ट की जानकारी मुझे भेजें' }).getByLabel(who.channel).check();
  const { code, trackingHref } = await sendHindiReport(phone);
  return { code, token: trackingHref.slice('/t/'.length), trackingHref };
}

/** The tracking page lists these milestones, in this order. */
async function expectMilestones(phone: Page, labels: string[]): Promise<void> {
  await phone.reload();
  await expect(phone.getByRole('heading', { name: 'आपकी सूचना' })).toBeVisible();
  await expect(phone.locator('.milestones li strong')).toHaveText(labels);
}

test('a citizen reports in Hindi at 360 px, follows it while staff accept, merge a second report and release the dog; every notice reaches the provider once', async ({ browser, page, baseURL, fakeProvider }) => {
  test.setTimeout(240_000);
  const slug = await openPublicPage(page, 'walk-paws', { helpline: '080 2345 6789' });

  // The first citizen reports, and adds a comment from the tracking page while the report waits.
  const first = await phoneOf(browser, baseURL, { latitude: 12.9716, longitude: 77.5946 });
  const one = await report(first.phone, slug, { name: 'मीना राव', phone: '98450 21212', channel: 'SMS से' });
  await first.phone.goto(one.trackingHref);
  await expectMilestones(first.phone, ['मिल गई']);
  await first.phone.getByLabel('टिप्पणी').fill('कुत्ता अब मंदिर के पास है <b>');
  const add = first.phone.getByRole('button', { name: 'जोड़ें', exact: true });
  await expectTapHeight(add);
  await add.click();
  await expect(first.phone.getByRole('status').filter({ hasText: 'जोड़ दिया गया। धन्यवाद।' })).toBeVisible();
  await expect(first.phone.getByText('कुत्ता अब मंदिर के पास है <b>')).toBeVisible();
  // The tracking page with its form passes the accessibility checks at 360 px.
  expect((await axeAudit(first.phone).analyze()).violations).toEqual([]);

  // A second citizen reports the same dog a few metres away.
  const second = await phoneOf(browser, baseURL, { latitude: 12.97162, longitude: 77.59462 });
  const two = await report(second.phone, slug, { name: 'सरिता देवी', phone: '98450 31313', channel: 'WhatsApp से' });

  // Staff, at a desk: accept the first report; the comment is on its card.
  await page.goto('/intake');
  const card = page.getByRole('article', { name: new RegExp(one.code) });
  await expect(card.getByRole('region', { name: 'Added later by the reporter' })).toContainText('कुत्ता अब मंदिर के पास है <b>');
  await card.getByRole('button', { name: 'Accept' }).click();
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page, 'Accepted: case #')).toBeVisible();
  const caseLink = card.getByRole('link', { name: /Open case #\d+/ });
  const caseId = Number(/#(\d+)/.exec((await caseLink.textContent())!)![1]);

  // The second report is suggested as a duplicate of that case, and merged into it.
  const secondCard = page.getByRole('article', { name: new RegExp(two.code) });
  await secondCard.getByRole('button', { name: `Merge into case #${caseId}` }).click();
  await expect(toast(page, `Report merged into case #${caseId}`)).toBeVisible();
  await expect(secondCard.getByRole('link', { name: `Merged into case #${caseId}` })).toBeVisible();

  await expectMilestones(first.phone, ['मिल गई', 'स्वीकार: टीम काम पर है']);
  await second.phone.goto(two.trackingHref);
  await expectMilestones(second.phone, ['मिल गई', 'स्वीकार: टीम काम पर है']);

  // The case walked to release: picked up, operated, released.
  const save = async (url: string, data: object) => {
    const response = await page.request.post(url, { data: { caseId, ...data } });
    expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  };
  await save('/api/case/updateReportingDetail', { pickupDate: today() });
  await expectMilestones(second.phone, ['मिल गई', 'स्वीकार: टीम काम पर है', 'उठा लिया गया']);
  await save('/api/case/updateOperationDetail', { operationDate: today() });
  await expectMilestones(first.phone, ['मिल गई', 'स्वीकार: टीम काम पर है', 'उठा लिया गया', 'ऑपरेशन हुआ']);
  await save('/api/case/updatePostOperationDetail', { releaseDate: today(), euthanized: 'No' });
  for (const { phone } of [first, second]) {
    await expectMilestones(phone, ['मिल गई', 'स्वीकार: टीम काम पर है', 'उठा लिया गया', 'ऑपरेशन हुआ', 'छोड़ दिया गया']);
    await expect(phone.getByText('हेल्पलाइन: 080 2345 6789')).toBeVisible();
    // Closed: nothing more can be added.
    await expect(phone.getByText('यह रिपोर्ट बंद हो चुकी है: इसमें अब कुछ नहीं जोड़ा जा सकता।', { exact: false })).toBeVisible();
    await expect(phone.getByRole('button', { name: 'जोड़ें', exact: true })).toBeHidden();
  }

  // The provider received each reporter's notices, each once, in their language and channel.
  const received = (token: string) =>
    fakeProvider.requests
      .filter((r) => String(r.body.link).endsWith(`/t/${token}`))
      .map((r) => `${String(r.body.milestone)}:${String(r.body.channel)}:${String(r.body.language)}`)
      .sort();
  const expected = (channel: string) => ['accepted', 'operated', 'pickedUp', 'received', 'released'].map((m) => `${m}:${channel}:hi`);
  await expect.poll(() => received(one.token), { timeout: 60_000 }).toEqual(expected('sms'));
  await expect.poll(() => received(two.token), { timeout: 60_000 }).toEqual(expected('whatsapp'));
  expect(fakeProvider.requests.every((r) => r.status === 200)).toBe(true);

  await first.context.close();
  await second.context.close();
});
