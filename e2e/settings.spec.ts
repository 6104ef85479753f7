import { expect, test } from './base';
import { E2E_ACCOUNTS } from './accounts';
import { sidebar, signIn, signInWithForm, solidPng, toast } from './helpers';

// These tests change the spare account, so they run in order: its password changes last.
test.describe.configure({ mode: 'serial' });

const spare = E2E_ACCOUNTS.spare;

test.describe('settings', () => {
  test('a new name shows in the sidebar after saving the profile', async ({ page }) => {
    await signIn(page, spare, '/settings');
    const name = page.getByLabel('Name');
    await expect(name).toHaveValue(spare.name);

    await name.fill('Sara Spare-Lee');
    await page.getByRole('button', { name: 'Submit' }).first().click();

    await expect(toast(page, 'Done')).toContainText('Profile updated successfully');
    await expect(sidebar(page).getByText('Sara Spare-Lee')).toBeVisible();
    await page.reload();
    await expect(sidebar(page).getByText('Sara Spare-Lee')).toBeVisible();
  });

  test('a new profile picture is previewed, stored, and shown in the sidebar', async ({ page }) => {
    await signIn(page, spare, '/settings');
    await expect(sidebar(page).locator('img')).toHaveCount(0);

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Profile picture' }).click();
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng(64, 64, [12, 166, 120]) });
    await expect(page.getByAltText('Preview of the chosen picture')).toHaveAttribute('src', /^blob:/);
    await page.getByRole('button', { name: 'Submit' }).first().click();

    await expect(toast(page, 'Done')).toContainText('Profile updated successfully');
    const avatar = sidebar(page).locator('img');
    await expect(avatar).toHaveAttribute('src', /^\/api\/image\/getImage\/\d+\/[0-9a-f-]{36}\.(jpg|png|webp)\?w=192$/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByAltText('Your profile picture')).toBeVisible();
  });

  test('a changed password works for the next login and the old one no longer does', async ({ page }) => {
    const newPassword = 'Spare@456';
    await signIn(page, spare, '/settings');
    const card = page.locator('form').filter({ has: page.getByLabel('Old Password') });

    await card.getByLabel('Old Password').fill(spare.password);
    await card.getByRole('textbox', { name: 'New Password', exact: true }).fill(newPassword);
    await card.getByLabel('Confirm New Password').fill('Spare@457');
    await card.getByRole('button', { name: 'Submit' }).click();
    await expect(card.getByText('New password and confirmation do not match')).toBeVisible();

    await card.getByLabel('Confirm New Password').fill(newPassword);
    await expect(card.getByText('New password and confirmation do not match')).toHaveCount(0);
    await card.getByRole('button', { name: 'Submit' }).click();

    await expect(toast(page, 'Done')).toContainText('Password changed successfully');
    await expect(card.getByLabel('Old Password')).toHaveValue('');
    // This session stays signed in.
    await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    const oldLogin = await page.request.post('/api/auth/login', {
      data: { loginId: spare.username, password: spare.password },
    });
    expect(oldLogin.status()).toBe(401);
    await signInWithForm(page, spare.email, newPassword);
  });

  test('a wrong old password is refused with the server message', async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.manager, '/settings');
    await page.getByLabel('Old Password').fill('Not@TheOne1');
    await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('Manager@456');
    await page.getByLabel('Confirm New Password').fill('Manager@456');
    await page.getByRole('button', { name: 'Submit' }).last().click();

    await expect(toast(page, 'Error')).toContainText('Old password is incorrect.');
  });
});
