import { generate } from 'otplib';
import { expect, test } from './base';
import { E2E_ACCOUNTS } from './accounts';
import { apiAs, axeAudit, expectTapHeight, posted, signIn, signInWithForm, toast } from './helpers';

/**
 * Two-factor sign-in on a 360 px phone (issue 37): set it up from Settings with the key the page
 * shows, sign out, and sign in again with the password and a code computed here as the phone's
 * authenticator app would; and a Founder resets it for a Worker who lost their phone. The accounts
 * are made for these tests, so no shared account changes.
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

const RUN = Date.now().toString(36);

test('sets up two-factor sign-in at 360 px, then signs in with a code from the authenticator', async ({ page, browser, baseURL }) => {
  const founder = await apiAs(browser, baseURL, E2E_ACCOUNTS.founder);
  const account = { username: `otp${RUN}`, password: 'Otp-pass@123' };
  await posted(founder, '/api/user/createUser', { name: 'Tara Totp', email: `otp${RUN}@example.org`, username: account.username, contact: '9845012377', password: account.password, role: 'Worker' });

  await signInWithForm(page, account.username, account.password);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(section.getByRole('img', { name: 'QR code to add RescueDesk to an authenticator app' })).toBeVisible();
  const secret = (await section.getByTestId('two-factor-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  await section.getByLabel('6-digit code').fill(await generate({ secret }));
  await section.getByRole('button', { name: 'Turn on' }).click();
  const codes = section.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  await page.getByLabel('Login ID').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const code = page.getByLabel('6-digit code');
  await expect(code).toBeVisible();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The next time-step's code: the one that turned it on was accepted once and is not taken again.
  await code.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test("a Founder resets a Worker's lost phone at 360 px: the Worker is signed out, then signs in with the password and is told", async ({ page, browser, baseURL }) => {
  const founder = await apiAs(browser, baseURL, E2E_ACCOUNTS.founder);
  const account = { username: `lost${RUN}`, password: 'Lost-phone@123' };
  const worker = await posted<{ id: number }>(founder, '/api/user/createUser', {
    name: 'Lata Lostphone',
    email: `lost${RUN}@example.org`,
    username: account.username,
    contact: '9845012378',
    password: account.password,
    role: 'Worker',
  });
  // The Worker turns it on from their own phone (here: their own API session).
  const workerApi = await apiAs(browser, baseURL, account);
  const { secret } = await posted<{ secret: string }>(workerApi, '/api/auth/twoFactor/start', {});
  await posted(workerApi, '/api/auth/twoFactor/confirm', { code: await generate({ secret }) });

  await signIn(page, E2E_ACCOUNTS.founder, `/user/adduser?id=${worker.id}`);
  const reset = page.getByRole('button', { name: 'Reset two-factor sign-in' });
  await expectTapHeight(reset);
  expect((await axeAudit(page).analyze()).violations).toEqual([]);
  await reset.click();
  const dialog = page.getByRole('dialog', { name: 'Reset two-factor sign-in?' });
  await expect(dialog.getByText(/First make sure it is really Lata Lostphone asking/)).toBeVisible();
  expect((await axeAudit(page).analyze()).violations).toEqual([]);
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(toast(page, 'Two-factor sign-in of Lata Lostphone was reset.')).toBeVisible();
  await expect(page.getByText('Lata Lostphone has not set up two-factor sign-in: there is nothing to reset.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The Worker's session ended; the password alone now signs in, and the app says why to set it up again.
  const ended = await workerApi.get('/api/auth/me');
  expect(ended.headers()['session-ended']).toBe('twoFactorReset');
  await page.context().clearCookies();
  await signInWithForm(page, account.username, account.password);
  await expect(page.getByText(/Your two-factor sign-in was reset on .* Set it up again with the phone you have now\./)).toBeVisible();
});
