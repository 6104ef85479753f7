import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './base';
import { E2E_ACCOUNTS } from './accounts';
import { text } from './catalogue';
import { apiAs } from './helpers';

/**
 * Issue 34, the sign-in page on a 360 px phone in Hindi: a user signed out by an administrator's
 * change is told why even when the app was closed at the time; a deactivated account is told so and
 * whom to ask; a language chosen on the sign-in page is the one the account keeps.
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

/** The server's database lives for the whole run: every name made here is unique to this run. */
const RUN = Date.now().toString(36);

async function newWorker(founder: APIRequestContext, name: string): Promise<{ id: number; username: string; password: string }> {
  const worker = { name, username: `${name.split(' ')[0]!.toLowerCase()}.${RUN}`, email: `${name.split(' ')[0]!.toLowerCase()}.${RUN}@example.org`, password: 'Worker@9876', contact: '98450 55555', role: 'Worker' };
  const response = await founder.post('/api/user/createUser', { data: worker });
  expect(response.status(), await response.text()).toBe(200);
  const { id } = ((await response.json()) as { data: { id: number } }).data;
  return { id, username: worker.username, password: worker.password };
}

const hi = (key: Parameters<typeof text>[1]) => text('hi', key);

test('a Worker whose role was changed while the app was closed is told why on opening it, in Hindi', async ({ page, browser, baseURL }, testInfo) => {
  const founder = await apiAs(browser, baseURL, E2E_ACCOUNTS.founder);
  const worker = await newWorker(founder, `Rohan Role ${RUN}`);
  expect((await page.request.post('/api/auth/login', { data: { loginId: worker.username, password: worker.password } })).status()).toBe(200);
  expect((await page.request.post('/api/auth/updateLanguage', { data: { language: 'hi' } })).status()).toBe(200);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: hi('shell.logout') })).toBeVisible();

  // The app is closed; meanwhile the Founder makes the Worker a Manager, which ends the session.
  await page.goto('about:blank');
  const changed = await founder.post('/api/user/updateUser', { data: { id: worker.id, role: 'Manager' } });
  expect(changed.status(), await changed.text()).toBe(200);

  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: hi('auth.login.submit') })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(hi('auth.sessionEnded.roleChanged'));
  await page.screenshot({ path: testInfo.outputPath('role-changed-hi-360.png') });
  // Said once: the reason was the server's to give once, and the app's to show once.
  await page.reload();
  await expect(page.getByRole('button', { name: hi('auth.login.submit') })).toBeVisible();
  await expect(page.getByText(hi('auth.sessionEnded.roleChanged'))).toHaveCount(0);
});

test('a deactivated account is told so and whom to ask; Hindi chosen on the sign-in page is kept', async ({ page, browser, baseURL }, testInfo) => {
  const founder = await apiAs(browser, baseURL, E2E_ACCOUNTS.founder);
  const gone = await newWorker(founder, `Dinesh Deactivated ${RUN}`);
  expect((await founder.post('/api/user/deleteUser', { data: { id: gone.id } })).status()).toBe(200);
  const kept = await newWorker(founder, `Kiran Keeps ${RUN}`);

  await page.goto('/');
  await page.getByRole('radiogroup', { name: 'Language' }).getByText('हिन्दी').click();
  await expect(page.getByRole('button', { name: hi('auth.login.submit') })).toBeVisible();
  const signInAs = async ({ username, password }: { username: string; password: string }) => {
    await page.getByLabel(hi('field.loginId')).fill(username);
    await page.getByLabel(hi('field.password'), { exact: true }).fill(password);
    await page.getByRole('button', { name: hi('auth.login.submit') }).click();
  };

  await signInAs(gone);
  await expect(page.getByText(hi('error.accountDeactivated')).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('deactivated-hi-360.png') });

  // An account stored as English, signed in from the page where Hindi was chosen: Hindi is kept.
  await signInAs(kept);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: hi('shell.logout') })).toBeVisible();
  const me = (await (await page.request.get('/api/auth/me')).json()) as { data: { language: string } };
  expect(me.data.language).toBe('hi');
});
