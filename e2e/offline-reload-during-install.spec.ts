import type { Route } from '@playwright/test';
import { expect, test } from './base';
import { E2E_ACCOUNTS } from './accounts';
import { sidebar, signIn } from './helpers';

/**
 * A page reloaded while the service worker installs (docs/decisions/016): the reload's request goes
 * to the network, since no worker is active yet, and when the worker activates before the new page
 * exists, its clients.claim() cannot take it. Seen in CI and in the field as 'Online' in the top bar
 * with reading offline failing until the next navigation. Here both moments are held: the install
 * (one precached file) and the reload's request, so the worker activates while the page is on its way.
 */

/** A route held until released: the request waits, the test goes on. */
function holdFirst() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const held = new Promise<void>((resolve) => (reached = resolve));
  let taken = false;
  const handler = async (route: Route) => {
    if (taken) return route.continue();
    taken = true;
    reached();
    await released;
    await route.continue();
  };
  return { handler, held, release };
}

test.describe('a reload while the service worker installs', () => {
  test('leaves the page controlled by the worker, so it reads offline without another visit', async ({ page, context }) => {
    // The service worker's precache asks for this icon; the page itself never does.
    const install = holdFirst();
    await context.route('**/icons/icon-maskable-512.png', install.handler);
    await signIn(page, E2E_ACCOUNTS.worker);
    await install.held;
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.installing?.state ?? null)).toBe('installing');

    const navigation = holdFirst();
    await page.route('**/dashboard', (route) => (route.request().isNavigationRequest() ? navigation.handler(route) : route.continue()));
    const reloaded = page.reload();
    await navigation.held;

    // The install ends while the reload waits for its answer. A second page of the app's origin (no
    // app code runs on it) sees the worker activated: its activate event, and the clients.claim()
    // it calls, have run.
    install.release();
    const witness = await context.newPage();
    await witness.goto('/robots.txt');
    await expect.poll(() => witness.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null)).toBe('activated');
    await witness.close();

    navigation.release();
    await reloaded;
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Online' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // A page not opened yet in this visit: its code comes from the worker's precache.
    await context.setOffline(true);
    await sidebar(page).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  });
});
