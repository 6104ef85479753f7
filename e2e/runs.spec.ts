import type { Page } from '@playwright/test';
import { expect, test } from './base';
import { E2E_ACCOUNTS } from './accounts';
import { axeAudit, caseNorthOf, signIn, waitForServiceWorker } from './helpers';

/**
 * The catching run sheet (issue 36, docs/product.md#runs): a Manager plans a run of 8 cases at a
 * desk; a Worker works it on a phone, two marks made with the browser offline, then synced. Each
 * step waits for what the user sees.
 */

/** The van's position, and the cases north of it (1 m of latitude = 1/111,195 degree). */
const VAN = { latitude: 12.9716, longitude: 77.5946 };
const PLACE = `Runlane${Date.now().toString(36)}`;

function caseAt(page: Page, metresNorth: number): Promise<number> {
  return caseNorthOf(page, VAN, metresNorth, { location: `${PLACE} ${metresNorth}`, pincode: '560001' });
}

test('a Manager plans a run of 8 cases at 1280 px, and a Worker at 360 px marks two stops offline that sync when back online', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const desk = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, geolocation: VAN, permissions: ['geolocation'] });
  const planner = await desk.newPage();
  await signIn(planner, E2E_ACCOUNTS.manager);
  const ids: number[] = [];
  for (const metres of [800, 100, 1600, 400, 3200, 200, 2400, 600]) ids.push(await caseAt(planner, metres));

  await planner.goto('/runs/plan');
  await planner.getByRole('textbox', { name: 'Search locality or pincode' }).fill(PLACE);
  for (const id of ids) await planner.getByRole('checkbox', { name: `Put case #${id} on the run` }).check();
  await expect(planner.getByTestId('run-order').getByRole('listitem')).toHaveCount(8);
  // Nearest first from the van: the case 100 m north leads, the one 3.2 km north ends the run.
  await expect(planner.getByTestId('run-order').getByRole('listitem').first()).toContainText(`#${ids[1]}`);
  await expect(planner.getByTestId('run-order').getByRole('listitem').last()).toContainText(`#${ids[4]}`);
  await expect(planner.getByTestId('run-total')).toHaveText('Total 3.2 km');
  await planner.getByRole('textbox', { name: 'Vehicle' }).fill('KA-01-AB-1234');
  await planner.getByRole('button', { name: 'Save the run' }).click();
  await expect(planner.getByRole('heading', { level: 1, name: /^Run of / })).toBeVisible();
  const runId = Number(new URL(planner.url()).searchParams.get('id'));
  await desk.close();

  const phone = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, geolocation: VAN, permissions: ['geolocation'] });
  const page = await phone.newPage();
  await signIn(page, E2E_ACCOUNTS.worker, `/runs/sheet?id=${runId}`);
  await waitForServiceWorker(page);
  const first = page.getByTestId('stop-1');
  const second = page.getByTestId('stop-2');
  await expect(first).toContainText(`Case #${ids[1]}`);
  await expect(first.getByRole('link', { name: 'Open in maps' })).toHaveAttribute('href', /^geo:12\.97/);
  expect((await axeAudit(page).analyze()).violations).toEqual([]);

  await phone.setOffline(true);
  await first.getByRole('button', { name: 'Picked up' }).click();
  await expect(first.getByTestId('stop-mark')).toHaveText('Picked up');
  await second.getByRole('button', { name: 'Refused' }).click();
  await second.getByRole('textbox', { name: 'Why was it refused?' }).fill('Feeder asked us to come back tomorrow');
  await second.getByRole('button', { name: 'Save refusal' }).click();
  await expect(second.getByTestId('stop-mark')).toHaveText('Refused');
  await expect(page.getByTestId('outbox-status')).toHaveAttribute('aria-label', 'Offline: 2 changes waiting');

  await phone.setOffline(false);
  await expect(page.getByTestId('outbox-status')).toHaveAttribute('aria-label', 'All changes saved');
  await expect(page.getByTestId('run-waiting')).toBeHidden();
  const stored = ((await (await page.request.post('/api/run/getRunById', { data: { runId } })).json()) as { data: { status: string; stops: Array<{ mark: string; reason: string | null }> } }).data;
  expect(stored.status).toBe('inProgress');
  expect(stored.stops.slice(0, 3).map((s) => s.mark)).toEqual(['pickedUp', 'refused', 'pending']);
  expect(stored.stops[1]!.reason).toBe('Feeder asked us to come back tomorrow');
  const picked = ((await (await page.request.post('/api/case/getCaseById', { data: { id: ids[1] } })).json()) as { data: { status: string } }).data;
  expect(picked.status).toBe('Admitted');
  // The marked stops pass the same audit.
  expect((await axeAudit(page).analyze()).violations).toEqual([]);
  await phone.close();
});

test("at 360 px a candidate's long place wraps beside its box, not under it", async ({ browser, baseURL }) => {
  const phone = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await phone.newPage();
  await signIn(page, E2E_ACCOUNTS.manager);
  const id = await caseAt(page, 50);
  await page.goto('/runs/plan');
  await page.getByRole('textbox', { name: 'Search locality or pincode' }).fill(`${PLACE} 50`);
  const box = page.getByRole('checkbox', { name: `Put case #${id} on the run` });
  const label = page.getByTestId('run-candidates').getByText(`#${id}`, { exact: true });
  await expect(box).toBeVisible();
  // Checkbox, Radio and Switch share Mantine's InlineInput styles, which the build must carry.
  await expect(async () => {
    const [boxAt, labelAt] = await Promise.all([box.boundingBox(), label.boundingBox()]);
    expect(labelAt!.x).toBeGreaterThan(boxAt!.x + boxAt!.width);
    expect(labelAt!.y).toBeLessThan(boxAt!.y + boxAt!.height);
  }).toPass();
  await phone.close();
});
