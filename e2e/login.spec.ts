import { expect, test } from './base';
import { E2E_ACCOUNTS } from './accounts';
import { sidebar, signIn, signInWithForm, toast } from './helpers';

test.describe('login page', () => {
  test('shows validation messages only after the first submit, then live, and sends nothing while invalid', async ({ page }) => {
    const loginCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/login')) loginCalls.push(request.url());
    });
    await page.goto('/');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await expect(page.getByText('Password minimum length is 6')).toHaveCount(0);

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Login ID is required')).toBeVisible();
    await expect(page.getByText('Password minimum length is 6')).toBeVisible();

    await page.getByLabel('Login ID').fill('worker');
    await expect(page.getByText('Login ID is required')).toHaveCount(0);
    await page.getByLabel('Password', { exact: true }).fill('');
    await expect(page.getByText('Password is required')).toBeVisible();
    expect(loginCalls).toEqual([]);
  });

  test('refuses a wrong password with the "Login failed." toast', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Login ID').fill(E2E_ACCOUNTS.manager.username);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(toast(page, 'Login failed.')).toContainText('Incorrect login ID or password.');
    await expect(page).toHaveURL(/\/$/);
  });

  test('signs a Worker in and opens the dashboard inside the shell', async ({ page }) => {
    const worker = E2E_ACCOUNTS.worker;
    await page.goto('/');
    await page.getByLabel('Login ID').fill(worker.username);
    await page.getByLabel('Password', { exact: true }).fill(worker.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(toast(page, 'Login successful')).toContainText('Getting your dashboard ready.');
    await expect(page).toHaveURL(/\/dashboard$/);
    // Signing in moved the user to another page: its heading takes the focus, for screen readers.
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeFocused();
    await expect(sidebar(page).getByText(worker.name)).toBeVisible();
    await expect(page.getByText('© 2026 RescueDesk')).toBeVisible();
  });

  test('accepts the email address as login ID', async ({ page }) => {
    await signInWithForm(page, E2E_ACCOUNTS.founder.email, E2E_ACCOUNTS.founder.password);
    await expect(sidebar(page).getByText(E2E_ACCOUNTS.founder.name)).toBeVisible();
  });

  test('answers "Forgot password?" with a warning to contact the administrator', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(toast(page, 'Contact your administrator.')).toBeVisible();
  });

  test('tells the user the service is unavailable when the server does not answer', async ({ page }) => {
    await page.route('**/api/auth/login', (route) => route.abort('connectionrefused'));
    await page.goto('/');
    await page.getByLabel('Login ID').fill('worker');
    await page.getByLabel('Password', { exact: true }).fill('whatever');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(toast(page, 'Service unavailable.')).toContainText('We will be back up shortly.');
  });

  test('sends a signed-in user from the login page to the dashboard, leaving the focus where the browser put it', async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.admin, '/');
    await expect(page).toHaveURL(/\/dashboard$/);
    // Nobody signed in just now: the page opens as if asked for, and nothing takes the focus.
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  });
});
