import type { Page } from '@playwright/test';
import { expect, test } from './base';
import { E2E_ACCOUNTS } from './accounts';
import { text } from './catalogue';
import { axeAudit, caseNorthOf, posted, signIn } from './helpers';

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

  // A Manager plans runs: the marker offers its case beside adding it to a run.
  await single.click();
  await page.getByRole('region', { name: 'Chosen marker' }).getByRole('button', { name: 'Open case' }).click();
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

/** A place of its own for each picking test, so its map shows only its cases. */
const PICK_PLACE = `Pickgali${Date.now().toString(36)}`;
const NASHIK = { latitude: 19.9975, longitude: 73.7898 };

test('at 1280 px a coordinator picks 3 case markers on the map, plans a run of them, and the run lists those 3', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, geolocation: NASHIK, permissions: ['geolocation'] });
  const page = await context.newPage();
  await signIn(page, E2E_ACCOUNTS.manager);
  const place = `${PICK_PLACE}en`;
  const ids: number[] = [];
  for (const metres of [3000, 500, 1800]) ids.push(await caseNorthOf(page, NASHIK, metres, { location: `${place} ${metres}`, pincode: '422001' }));

  await page.goto(`/dashboard?view=map&q=${place}`);
  const map = page.getByRole('region', { name: 'Map of open cases and new citizen reports' });
  for (const id of ids) {
    await map.getByRole('button', { name: new RegExp(`^Case #${id}, Reported, `) }).click();
    const panel = page.getByRole('region', { name: 'Chosen marker' });
    await expect(panel.getByRole('button', { name: 'Open case' })).toBeVisible();
    await panel.getByRole('button', { name: 'Add to run' }).click();
    await expect(map.getByRole('button', { name: new RegExp(`^Case #${id}, .*, picked for a run$`) })).toBeVisible();
  }
  await expect(page.getByTestId('map-picked')).toHaveText('3 cases picked');
  expect((await axeAudit(page).analyze()).violations.map((v) => v.id)).toEqual([]);

  await page.getByRole('button', { name: 'Plan a run' }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/plan\\?cases=${ids.join(',')}$`));
  await expect(page.getByTestId('run-from-map')).toHaveText('3 cases from the map are chosen.');
  await expect(page.getByTestId('run-order').getByRole('listitem')).toHaveCount(3);
  // From the van: 500 m, then 1.8 km, then 3 km north.
  await expect(page.getByTestId('run-order').getByRole('listitem').first()).toContainText(`#${ids[1]}`);
  await expect(page.getByTestId('run-total')).toHaveText('Total 3 km');
  expect((await axeAudit(page).analyze()).violations.map((v) => v.id)).toEqual([]);
  await page.getByRole('button', { name: 'Save the run' }).click();

  await expect(page.getByRole('heading', { level: 1, name: /^Run of / })).toBeVisible();
  await expect(page.getByTestId('stop-1')).toContainText(`Case #${ids[1]}`);
  await expect(page.getByTestId('stop-2')).toContainText(`Case #${ids[2]}`);
  await expect(page.getByTestId('stop-3')).toContainText(`Case #${ids[0]}`);
  await expect(page.getByTestId('stop-4')).toHaveCount(0);
  await context.close();
});

test('at 360 px in Hindi a Manager picks a marker with one thumb and plans from it; a case without a GPS point is left out, named', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const founder = await browser.newContext({ baseURL });
  await signIn(await founder.newPage(), E2E_ACCOUNTS.founder, '/runs');
  const stamp = Date.now().toString(36);
  const manager = { name: 'Hema Hindi', email: `hemamap${stamp}@example.org`, username: `hemamap${stamp}`, contact: '9845012345', password: 'Hindi@12345', role: 'Manager' };
  const created = await founder.request.post('/api/user/createUser', { data: manager });
  expect(created.status(), await created.text()).toBe(200);
  await founder.close();

  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, geolocation: NASHIK, permissions: ['geolocation'] });
  const page = await context.newPage();
  const login = await page.request.post('/api/auth/login', { data: { loginId: manager.username, password: manager.password, language: 'hi' } });
  expect(login.status()).toBe(200);
  const place = `${PICK_PLACE}hi`;
  const id = await caseNorthOf(page, NASHIK, 700, { location: `${place} 700`, pincode: '422001' });
  // A case with no GPS point, which no run can take.
  const noPoint = (await posted<{ id: number }>(page.request, '/api/case/createCase', { type: 'OPD' })).id;

  await page.goto(`/dashboard?view=map&q=${place}`);
  const map = page.getByRole('region', { name: text('hi', 'map.region') });
  await map.getByRole('button', { name: new RegExp(`^केस #${id},`) }).tap();
  const panel = page.getByRole('region', { name: text('hi', 'map.pick.panel') });
  await expect(panel.getByRole('button', { name: text('hi', 'map.pick.open') })).toBeVisible();
  expect((await axeAudit(page).analyze()).violations.map((v) => v.id)).toEqual([]);
  await panel.getByRole('button', { name: text('hi', 'map.pick.add') }).tap();
  await expect(page.getByTestId('map-picked')).toHaveText('1 केस चुना गया');
  expect((await axeAudit(page).analyze()).violations.map((v) => v.id)).toEqual([]);
  await page.getByRole('button', { name: text('hi', 'map.pick.plan') }).tap();

  await expect(page).toHaveURL(new RegExp(`/runs/plan\\?cases=${id}$`));
  // A case the map did not offer, put in the address by hand: the planner leaves it out, named.
  await page.goto(`/runs/plan?cases=${id},${noPoint}`);
  await expect(page.getByTestId('run-from-map')).toHaveText('नक्शे से 1 केस चुना गया है।');
  await expect(page.getByTestId('run-dropped')).toContainText(`#${noPoint}`);
  await expect(page.getByTestId('run-order').getByRole('listitem')).toHaveCount(1);
  expect((await axeAudit(page).analyze()).violations.map((v) => v.id)).toEqual([]);
  await context.close();
});
