import type { Page } from '@playwright/test';
import { expect, test } from './base';
import sharp from 'sharp';
import { E2E_ACCOUNTS } from './accounts';
import { signIn } from './helpers';

/** The uploader's budget (apps/web/src/components/images/resize-image.ts), plus the form's few hundred bytes. */
const BUDGET = 300 * 1024;
const FORM_OVERHEAD = 1024;

/** A grainy 4000×3000 camera JPEG (low light on a cheap sensor): 3 MB, over 700 kB even at 1600 px. */
async function grainyCameraPhoto(): Promise<Buffer> {
  const grain = Buffer.alloc(400 * 300 * 3);
  let seed = 20261124;
  for (let i = 0; i < grain.length; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    grain[i] = seed & 255;
  }
  return sharp(grain, { raw: { width: 400, height: 300, channels: 3 } }).resize(4000, 3000, { kernel: 'cubic' }).jpeg({ quality: 92 }).toBuffer();
}

/** Adds the photo to the uploader labelled `label`; gives the upload's bytes on the wire and the stored picture's size. */
async function upload(page: Page, label: string, photo: Buffer): Promise<{ sentBytes: number; width: number; height: number }> {
  const uploader = page.getByRole('tabpanel').getByRole('group', { name: label });
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/image/createImage'));
  const chooser = page.waitForEvent('filechooser');
  await uploader.getByRole('button', { name: 'Choose from gallery' }).click();
  await (await chooser).setFiles({ name: 'camera.jpg', mimeType: 'image/jpeg', buffer: photo });
  const uploaded = await answer;
  expect(uploaded.status()).toBe(200);
  const thumbnail = uploader.getByRole('img', { name: `${label} 1`, exact: true });
  await expect(thumbnail).toBeVisible();
  const stored = await page.request.get((await thumbnail.getAttribute('src'))!.replace(/\?w=\d+$/, ''));
  expect(stored.status()).toBe(200);
  const { width = 0, height = 0 } = await sharp(await stored.body()).metadata();
  return { sentBytes: Number((await uploaded.request().allHeaders())['content-length']), width, height };
}

test.describe('photos on a slow network', () => {
  test('a grainy camera photo is sent within 300 kB, smaller than 1600 px if it must be; an identity document keeps 1600 px', async ({ page }) => {
    test.setTimeout(120_000);
    const photo = await grainyCameraPhoto();
    expect(photo.length).toBeGreaterThan(2_000_000);
    await signIn(page, E2E_ACCOUNTS.worker);
    const created = await page.request.post('/api/case/createCase', { data: { type: 'OPD' } });
    const caseId = ((await created.json()) as { data: { id: number } }).data.id;

    // An animal photo: lower quality first, then fewer pixels, until it fits.
    await page.goto(`/dashboard/case?id=${caseId}&step=2`);
    const animal = await upload(page, 'Animal Pictures', photo);
    expect(animal.sentBytes).toBeGreaterThan(0);
    expect(animal.sentBytes).toBeLessThanOrEqual(BUDGET + FORM_OVERHEAD);
    expect(Math.max(animal.width, animal.height)).toBeLessThan(1600);
    expect(animal.width / animal.height).toBeCloseTo(4 / 3, 2);

    // The consent form is an identity document: it stays 1600 px wide so its writing can be read.
    // (A second page: the first one holds a change not saved, which would ask before leaving.)
    const second = await page.context().newPage();
    await second.goto(`/dashboard/case?id=${caseId}&step=1`);
    await second.getByRole('tabpanel').getByRole('button', { name: 'More details' }).click();
    const consent = await upload(second, 'Consent Form', photo);
    expect(consent).toMatchObject({ width: 1600, height: 1200 });
    expect(consent.sentBytes).toBeLessThan(photo.length / 4);
  });
});
