import type { Page } from '@playwright/test';
import { expect, test } from './base';
import { E2E_ACCOUNTS } from './accounts';
import { axeAudit, caseNorthOf, signIn } from './helpers';

/**
 * The map of open cases (docs/product.md#the-map), against the local tile server the harness
 * starts (e2e/tile-server.ts). The cases sit in Pune, away from other specs' Bengaluru cases, and
 * the dashboard's search narrows the map to this run's place name.
 */
const PLACE = `Mapgali${Date.now().toString(36)}`;
const PUNE = { latitude: 18.5204, longitude: 73.8567 };

/** A case `metresNorth` of the point, in this run's place, with its capture point. */
function caseAt(page: Page, metresNorth: number): Promise<number> {
  return caseNorthOf(page, PUNE, metresNorth, { location: `${PLACE} ${metresNorth}`, pincode: '411001' });
}

test.describe.configure({ mode: 'serial' });

test('at 1280 px a coordinator sees the cases clustered on the map and opens a case from its marker', async ({ browser, baseURL, tileServer }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, E2E_ACCOUNTS.manager);
  for (const metres of [0, 10, 20, 30]) await caseAt(page, metres);
  const apart = await caseAt(page, 3000);

  await page.goto(`/dashboard?q=${PLACE}`);
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await expect(page).toHaveURL(/view=map/);
  const map = page.getByRole('region', { name: 'Map of open cases and new citizen reports' });
  await expect(map).toBeVisible();
  await expect(map.getByRole('button', { name: '4 cases and reports here: zoom in' })).toBeVisible();
  const single = map.getByRole('button', { name: new RegExp(`^Case #${apart}, Reported, `) });
  await expect(single).toBeVisible();
  await expect.poll(() => tileServer.served()).toBeGreaterThan(0);
  await expect(page.getByRole('status').filter({ hasText: 'map server' })).toHaveCount(0);
  expect((await axeAudit(page).analyze()).violations.map((v) => v.id)).toEqual([]);

  await single.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/case\\?id=${apart}$`));
  await context.close();
});

test('at 360 px with the tile server down the markers stand on a plain grid with a scale, and a line says the map server is unreachable', async ({ browser, baseURL, tileServer }) => {
  tileServer.setDown(true);
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await signIn(page, E2E_ACCOUNTS.worker, `/dashboard?view=map&q=${PLACE}`);
    await expect(page.getByRole('status').filter({ hasText: 'The map server cannot be reached: the markers are shown on a plain grid.' })).toBeVisible();
    const map = page.getByRole('region', { name: 'Map of open cases and new citizen reports' });
    await expect(map.getByRole('button', { name: /^4 cases and reports here|^Case #/ }).first()).toBeVisible();
    await expect(map.locator('.leaflet-control-scale-line')).toHaveText(/\d+ (m|km)/);
    await expect(page.getByRole('button', { name: 'List', exact: true })).toBeVisible();
    expect((await axeAudit(page).analyze()).violations.map((v) => v.id)).toEqual([]);
    await context.close();
  } finally {
    tileServer.setDown(false);
  }
});
