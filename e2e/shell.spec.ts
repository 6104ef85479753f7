import path from 'node:path';
import { expect, test } from './base';
import type { Role } from '@rescuedesk/shared';
import { E2E_ACCOUNTS } from './accounts';
import { text } from './catalogue';
import { sidebar, signIn } from './helpers';

/** The menu table of docs/product.md#roles-and-menu, written out so the test does not echo the permission table it checks. */
const EXPECTED_MENU: Record<Role, string[]> = {
  Admin: ['Dashboard', 'Public reports', 'Runs', 'Reports', 'Coverage surveys', 'Stock', 'User Management', 'NGO Management', 'Reporter Management', 'Vet Management', 'Sponsor Management', 'Access log', 'Settings'],
  Founder: ['Dashboard', 'Public reports', 'Runs', 'Reports', 'Coverage surveys', 'Stock', 'User Management', 'NGO Management', 'Reporter Management', 'Vet Management', 'Sponsor Management', 'Access log', 'Settings'],
  Manager: ['Dashboard', 'Public reports', 'Runs', 'Reports', 'Coverage surveys', 'Stock', 'User Management', 'Reporter Management', 'Vet Management', 'Settings'],
  Worker: ['Dashboard', 'Public reports', 'Runs', 'Coverage surveys', 'Stock', 'Reporter Management', 'Settings'],
  Committee: ['Reports'],
};

const ROLE_ACCOUNTS = [E2E_ACCOUNTS.admin, E2E_ACCOUNTS.founder, E2E_ACCOUNTS.manager, E2E_ACCOUNTS.worker];

test.describe('shell', () => {
  for (const account of ROLE_ACCOUNTS) {
    test(`shows a ${account.role} exactly the menu entries of docs/product.md, with their name`, async ({ page }) => {
      await signIn(page, account);
      await expect(sidebar(page).getByRole('link')).toHaveText(EXPECTED_MENU[account.role]);
      await expect(sidebar(page).getByText(account.name)).toBeVisible();
    });
  }

  test('keeps the chosen colour mode across a reload', async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.founder);
    const html = page.locator('html');

    await page.getByRole('button', { name: 'Colour mode' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

    await page.getByRole('button', { name: 'Colour mode' }).click();
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  });

  test('follows the system colour scheme when set to System', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page, E2E_ACCOUNTS.founder);
    await page.getByRole('button', { name: 'Colour mode' }).click();
    await page.getByRole('menuitemradio', { name: 'System' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  test.describe('before the code arrives', () => {
    // No service worker: it would answer the app's code from its cache, past the network blocked below.
    test.use({ serviceWorkers: 'block' });

    test("shows the app's mark until its code has arrived, in the colour mode chosen on the device", async ({ page }) => {
      await signIn(page, E2E_ACCOUNTS.founder);
      await page.getByRole('button', { name: 'Colour mode' }).click();
      await page.getByRole('menuitemradio', { name: 'Dark' }).click();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');

      // A phone whose network has not brought the app's code yet (here: it never does).
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.reload();
      await expect(page.getByRole('status').getByRole('img', { name: 'RescueDesk' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(36, 36, 36)');

      // Once the code arrives the first screen replaces the mark.
      await page.unroute('**/assets/*.js');
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await expect(page.getByRole('img', { name: 'RescueDesk', exact: true })).toHaveCount(0);
    });

    test('draws the sign-in page and the dashboard with the styles in the page, and fetches none of those again', async ({ page }) => {
      const stylesheets: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
      });

      await page.goto('/');
      // Mantine's filled button, in the theme's teal.
      await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCSS('background-color', 'rgb(8, 127, 91)');
      await signIn(page, E2E_ACCOUNTS.founder);
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      // The shell's top bar stays at the top of the screen (Mantine's AppShell).
      await expect(page.getByRole('banner')).toHaveCSS('position', 'fixed');

      // The styles of both pages came in the page itself. What was fetched besides (the toasts' styles,
      // once the first screen is drawn) is none of them.
      const inPage = (await page.locator('head style').allTextContents()).join('\n');
      expect(inPage.length).toBeGreaterThan(10_000);
      for (const url of stylesheets) {
        const css = (await (await page.request.get(url)).text()).trim();
        expect(inPage, `${url} is in the page already`).not.toContain(css);
      }
    });
  });

  test('shows "Access denied" to a Worker opening user management', async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.worker, '/user');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expect(page.getByText('You do not have permission to open this page.')).toBeVisible();
  });

  test('shows a 404 panel for an unknown address', async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.manager, '/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('sends a signed-out visitor from a shell page to the login page, keeping the page asked for in ?next=', async ({ page }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/\?next=%2Fsettings$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('logs out to the login page, and the back button shows no shell data', async ({ page }) => {
    const worker = E2E_ACCOUNTS.worker;
    await signIn(page, worker);
    await sidebar(page).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

    // Record whether the signed-out user's name ever reaches the page, even for a moment.
    await page.evaluate((name) => {
      const seen = () => document.body.innerText.includes(name);
      const observer = new MutationObserver(() => {
        if (seen()) document.documentElement.dataset.leaked = 'yes';
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    }, worker.name);

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-leaked', 'yes');
    await expect(page.getByText(worker.name)).toHaveCount(0);
  });

  test('at 360 px the sidebar becomes a drawer behind the burger and the page fits the screen', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, E2E_ACCOUNTS.manager);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: path.join(testInfo.project.outputDir, 'shell-360.png') });

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebar(page)).toBeInViewport({ ratio: 1 });
    await expect(sidebar(page).getByText(E2E_ACCOUNTS.manager.name)).toBeVisible();
    await page.screenshot({ path: path.join(testInfo.project.outputDir, 'shell-360-menu.png') });
    await sidebar(page).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);
    await page.screenshot({ path: path.join(testInfo.project.outputDir, 'settings-360.png'), fullPage: true });
  });

  // Between a phone and a desk the sidebar stays, and the page beside it is narrower than a phone:
  // the top bar's statuses are icons and the dashboard's buttons wrap, in either language.
  for (const [language, account] of [
    ['en', E2E_ACCOUNTS.manager],
    ['hi', E2E_ACCOUNTS.keyboard],
  ] as const) {
    test(`at 520 and 768 px the top bar and the dashboard fit beside the sidebar (${language})`, async ({ page }, testInfo) => {
      if (language === 'en') {
        await signIn(page, account);
      } else {
        // This account reads Hindi (the Hindi keyboard walk stores it), so the English sign-in helper does not fit.
        expect((await page.request.post('/api/auth/login', { data: { loginId: account.username, password: account.password } })).status()).toBe(200);
        expect((await page.request.post('/api/auth/updateLanguage', { data: { language: 'hi' } })).status()).toBe(200);
        await page.goto('/dashboard');
        await page.evaluate(() => localStorage.setItem('rescuedesk.language', 'hi'));
      }
      for (const width of [520, 768]) {
        await page.setViewportSize({ width, height: 800 });
        await page.reload();
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('navigation', { name: text(language, 'shell.mainMenu') })).toBeInViewport();
        await expect(page.getByRole('button', { name: text(language, 'shell.logout') })).toBeInViewport({ ratio: 1 });
        await expect(page.getByRole('button', { name: text(language, 'cases.dashboard.addCase') })).toBeInViewport({ ratio: 1 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: path.join(testInfo.project.outputDir, `shell-${width}-${language}.png`) });
      }
    });
  }

  test('at desktop width the sidebar stays open beside the page', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, E2E_ACCOUNTS.admin);
    await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await page.screenshot({ path: path.join(testInfo.project.outputDir, 'shell-desktop.png') });
    await sidebar(page).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await page.screenshot({ path: path.join(testInfo.project.outputDir, 'settings-desktop.png') });
  });
});
