import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './base';
import { E2E_ACCOUNTS } from './accounts';
import { text } from './catalogue';
import { sidebar, signIn, toast } from './helpers';

// One story in order: the Admin's NGO and Founder are what the later tests sign in with.
test.describe.configure({ mode: 'serial' });

/** The server's database lives for the whole run, so every name made here is unique to this run. */
const RUN = Date.now().toString(36);

const NGO = { name: `Karuna Shelter ${RUN}`, darpanId: `KA/${RUN}`, helpline: '+91 80 2345 6789', altHelpline: '98450 12345' };
const FOUNDER = {
  role: 'Founder',
  name: `Farida Khan ${RUN}`,
  username: `farida.${RUN}`,
  email: `farida.${RUN}@example.org`,
  password: 'Farida@123',
  contact: '+91 98450 11111',
} as const;
const MANAGER = { name: `Mohan Rao ${RUN}`, username: `mohan.${RUN}`, email: `mohan.${RUN}@example.org`, password: 'Mohan@123', contact: '98450 22222' };
const REPORTER = { name: `Lakshmi Iyer ${RUN}`, contact: '+91 98450 33333' };
const VET = { name: `Dr. Arjun Shetty ${RUN}`, regId: `KVC-${RUN}` };
const SPONSOR = { name: `Tata Trusts ${RUN}`, type: 'Sterilization', amount: '250000' };

/** A text input by its label (a required label's asterisk is not part of its name). */
function field(page: Page, label: string): Locator {
  return page.getByRole('textbox', { name: label, exact: true });
}

/** Picks an option of a Mantine Select (its options open in a listbox). */
async function choose(page: Page, label: string | RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Searches a directory list and answers the row (or, on a phone, the card) of `name`. */
async function findInList(page: Page, searchLabel: string, search: string, name: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: searchLabel }).fill(search);
  const row = page.getByRole('row', { name }).or(page.getByRole('article', { name }));
  await expect(row).toBeVisible();
  return row;
}

/** Signs the run's Founder in through the API, as helpers.signIn does for the seeded accounts. */
async function signInAsFounder(page: Page, pathname: string): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: { loginId: FOUNDER.username, password: FOUNDER.password } });
  expect(response.status(), 'login of the Founder').toBe(200);
  await page.goto(pathname);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/** Today as every date picker of the app shows it: dd/mm/yyyy. */
function todayAsShown(): string {
  const now = new Date();
  return `${String(now.getDate()).padStart(2, '0')}/${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`;
}

/**
 * After creating a record, the app opens it in edit mode (?id=) with the 'Done' toast, where its
 * documents can be added at once.
 */
async function expectOpenedForEditing(page: Page, path: string, title: string, documents: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${path}\\?id=\\d+$`));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole('group', { name: documents })).toBeVisible();
}

test.describe('directory', () => {
  test('an Admin creates an NGO', async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.admin, '/ngo');
    await expect(page.getByRole('heading', { name: 'Ngo Management', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Add Ngo' }).click();
    await expect(page).toHaveURL(/\/ngo\/addngo$/);
    await expect(page.getByRole('heading', { name: 'Add Ngo', level: 1 })).toBeVisible();

    // Nothing is sent while the name or the Darpan Id is missing.
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(toast(page, 'Please fill Required Details')).toBeVisible();
    await expect(page.getByText('Ngo Name is required')).toBeVisible();
    await expect(page.getByText('Darpan Id is required')).toBeVisible();

    await field(page, 'Ngo Name').fill(NGO.name);
    await field(page, 'Darpan Id').fill(NGO.darpanId);
    await field(page, 'Helpline Number').fill(NGO.helpline);
    await field(page, 'Alternate Helpline Number').fill(NGO.altHelpline);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(toast(page, 'NGO created successfully')).toContainText('Done');
    await expectOpenedForEditing(page, '/ngo/addngo', 'Edit Ngo', 'NGO Logo');
    await expect(field(page, 'Darpan Id')).toHaveValue(NGO.darpanId);
    await page.getByRole('main').getByRole('link', { name: 'Ngo Management', exact: true }).click();
    await expect(page).toHaveURL(/\/ngo$/);
    await findInList(page, 'Search by Name / Darpan Id', NGO.darpanId.toLowerCase(), NGO.name);
  });

  test('the Admin then creates a Founder in that NGO', async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.admin);
    await sidebar(page).getByRole('link', { name: 'User Management' }).click();
    await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Add User' }).click();
    await expect(page).toHaveURL(/\/user\/adduser$/);
    await field(page, 'Name').fill(FOUNDER.name);
    await field(page, 'Email').fill(FOUNDER.email);
    await field(page, 'Username').fill(FOUNDER.username);
    await page.getByLabel(/^Password/).fill(FOUNDER.password);
    await field(page, 'Contact').fill(FOUNDER.contact);
    await choose(page, 'Type', 'Founder');

    // An Admin must name the NGO of anyone but another Admin.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Please fill Required Details')).toBeVisible();
    await expect(page.getByText('NGO is required')).toBeVisible();
    await page.getByRole('combobox', { name: 'NGO' }).fill(NGO.name);
    await page.getByRole('option', { name: NGO.name, exact: true }).click();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'User created successfully')).toContainText('Done');
    await expectOpenedForEditing(page, '/user/adduser', 'Edit User', 'Verification ID');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/user$/);
    await findInList(page, 'Search by Name / Email', FOUNDER.email.toUpperCase(), FOUNDER.name);
  });

  test('the Founder signs in and creates a Manager, offered only the roles a Founder may give', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Login ID').fill(FOUNDER.username);
    await page.getByLabel('Password', { exact: true }).fill(FOUNDER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(sidebar(page).getByText(FOUNDER.name)).toBeVisible();

    await sidebar(page).getByRole('link', { name: 'User Management' }).click();
    await page.getByRole('link', { name: 'Add User' }).click();
    await page.getByRole('combobox', { name: 'Type' }).click();
    // docs/product.md#role-assignment: a Founder may give Founder, Manager, Worker or Committee member, and sees no NGO picker.
    await expect(page.getByRole('option')).toHaveText(['Founder', 'Manager', 'Worker', 'Committee member']);
    await page.getByRole('option', { name: 'Manager', exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'NGO' })).toHaveCount(0);
    await field(page, 'Name').fill(MANAGER.name);
    await field(page, 'Email').fill(MANAGER.email);
    await field(page, 'Username').fill(MANAGER.username);
    await page.getByLabel(/^Password/).fill(MANAGER.password);
    await field(page, 'Contact').fill(MANAGER.contact);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'User created successfully')).toContainText('Done');
    await expectOpenedForEditing(page, '/user/adduser', 'Edit User', 'Verification ID');
  });

  test('the Founder creates a reporter', async ({ page }) => {
    await signInAsFounder(page, '/dashboard');
    await sidebar(page).getByRole('link', { name: 'Reporter Management' }).click();
    await expect(page.getByRole('heading', { name: 'Reporter Management', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Add Reporter' }).click();
    await expect(page.getByRole('heading', { name: 'Add Reporter', level: 1 })).toBeVisible();
    await field(page, 'Reporter name').fill(REPORTER.name);
    await field(page, 'Phone Number').fill(REPORTER.contact);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Reporter created successfully')).toContainText('Done');
    await expectOpenedForEditing(page, '/reporter/addreporter', 'Edit Reporter', 'Verification ID');
  });

  test('the Founder creates a vet', async ({ page }) => {
    await signInAsFounder(page, '/vet');
    await page.getByRole('link', { name: 'Add Vet' }).click();
    await field(page, 'Vet name').fill(VET.name);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Please fill Required Details')).toBeVisible();
    await field(page, 'Registration ID').fill(VET.regId);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Vet created successfully')).toContainText('Done');
    await expectOpenedForEditing(page, '/vet/addvet', 'Edit Vet', 'Vet Certification');
  });

  test('the Founder creates a sponsor, whose dates start at today', async ({ page }) => {
    await signInAsFounder(page, '/sponsor');
    await page.getByRole('link', { name: 'Add Sponsor' }).click();
    // Both dates default to today on a fresh form, shown as dd/mm/yyyy.
    const today = todayAsShown();
    await expect(page.getByRole('textbox', { name: 'Start Date' })).toHaveValue(today);
    await expect(page.getByRole('textbox', { name: 'End Date' })).toHaveValue(today);
    await field(page, 'Sponsor Name').fill(SPONSOR.name);
    await choose(page, 'Sponsorship Type', SPONSOR.type);
    await field(page, 'Sponsor Amount').fill(SPONSOR.amount);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Sponsor created successfully')).toContainText('Done');
    await expectOpenedForEditing(page, '/sponsor/addsponsor', 'Edit Sponsor', 'Sponsor Logo');
    await expect(page.getByRole('textbox', { name: 'Start Date' })).toHaveValue(today);
  });

  test('the Founder finds the Manager by search and edits them through View', async ({ page }) => {
    await signInAsFounder(page, '/user');

    const row = await findInList(page, 'Search by Name / Email', MANAGER.username, MANAGER.name);
    await expect(row).toContainText('Manager');
    await row.getByRole('link', { name: `View ${MANAGER.name}` }).click();
    await expect(page).toHaveURL(/\/user\/adduser\?id=\d+$/);
    await expect(page.getByRole('heading', { name: 'Edit User', level: 1 })).toBeVisible();
    await expect(field(page, 'Email')).toHaveValue(MANAGER.email);
    await field(page, 'Name').fill(`${MANAGER.name} Jr`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'User updated successfully')).toContainText('Done');
    await expect(page).toHaveURL(/\/user$/);
    await findInList(page, 'Search by Name / Email', `${MANAGER.name} jr`, `${MANAGER.name} Jr`);
  });

  test('the Founder finds their NGO by search and edits it through View', async ({ page }) => {
    await signInAsFounder(page, '/ngo');
    await expect(page.getByRole('link', { name: 'Add Ngo' })).toHaveCount(0);
    const row = await findInList(page, 'Search by Name / Darpan Id', NGO.name, NGO.name);
    await row.getByRole('link', { name: `View ${NGO.name}` }).click();
    await expect(page).toHaveURL(/\/ngo\/addngo\?id=\d+$/);
    await expect(page.getByRole('heading', { name: 'Edit Ngo', level: 1 })).toBeVisible();
    // The alternate helpline shows its stored value (docs/product.md, our differences).
    await expect(field(page, 'Alternate Helpline Number')).toHaveValue(NGO.altHelpline);
    await field(page, 'Mission Statement').fill('No animal left behind.');
    await field(page, 'Alternate Helpline Number').fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'NGO updated successfully')).toContainText('Done');
    await expect(page).toHaveURL(/\/ngo$/);
    const again = await findInList(page, 'Search by Name / Darpan Id', NGO.darpanId, NGO.name);
    await again.getByRole('link', { name: `View ${NGO.name}` }).click();
    await expect(field(page, 'Mission Statement')).toHaveValue('No animal left behind.');
    await expect(field(page, 'Alternate Helpline Number')).toHaveValue('');
  });

  test('the Founder finds the reporter by search and edits it through View', async ({ page }) => {
    await signInAsFounder(page, '/reporter');
    let row = await findInList(page, 'Search by Name / Email', REPORTER.name.toUpperCase(), REPORTER.name);
    await expect(row).toContainText(REPORTER.contact);
    await row.getByRole('link', { name: `View ${REPORTER.name}` }).click();
    await expect(page).toHaveURL(/\/reporter\/addreporter\?id=\d+$/);
    await expect(field(page, 'Phone Number')).toHaveValue(REPORTER.contact);
    await field(page, 'Email ID').fill(`lakshmi.${RUN}@example.org`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Reporter updated successfully')).toContainText('Done');
    await expect(page).toHaveURL(/\/reporter$/);
    row = await findInList(page, 'Search by Name / Email', `lakshmi.${RUN}`, REPORTER.name);
    await expect(row).toContainText(`lakshmi.${RUN}@example.org`);
  });

  test('the Founder finds the vet by search and edits it through View', async ({ page }) => {
    await signInAsFounder(page, '/vet');
    let row = await findInList(page, 'Search by Name / Reg. ID', VET.regId.toLowerCase(), VET.name);
    await row.getByRole('link', { name: `View ${VET.name}` }).click();
    await expect(page).toHaveURL(/\/vet\/addvet\?id=\d+$/);
    await expect(page.getByRole('heading', { name: 'Edit Vet', level: 1 })).toBeVisible();
    await expect(field(page, 'Vet name')).toHaveValue(VET.name);
    await field(page, 'Registration ID').fill(`${VET.regId}-B`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Vet updated successfully')).toContainText('Done');
    await expect(page).toHaveURL(/\/vet$/);
    row = await findInList(page, 'Search by Name / Reg. ID', `${VET.regId}-b`, VET.name);
    await expect(row).toContainText(`${VET.regId}-B`);
  });

  test('the Founder finds the sponsor by search and edits it through View', async ({ page }) => {
    await signInAsFounder(page, '/sponsor');
    let row = await findInList(page, 'Search by Name / Type', SPONSOR.name, SPONSOR.name);
    await expect(row).toContainText(SPONSOR.type);
    await row.getByRole('link', { name: `View ${SPONSOR.name}` }).click();
    await expect(page).toHaveURL(/\/sponsor\/addsponsor\?id=\d+$/);
    await expect(page.getByRole('heading', { name: 'Edit Sponsor', level: 1 })).toBeVisible();
    await expect(field(page, 'Sponsor Amount')).toHaveValue('250,000');
    await choose(page, 'Sponsorship Type', 'Adoption');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Sponsor updated successfully')).toContainText('Done');
    await expect(page).toHaveURL(/\/sponsor$/);
    row = await findInList(page, 'Search by Name / Type', SPONSOR.name.toLowerCase(), SPONSOR.name);
    await expect(row).toContainText('Adoption');
  });

  test('a Worker sees none of the User, Vet, NGO or Sponsor menus, and their addresses are refused', async ({ page }) => {
    await signIn(page, E2E_ACCOUNTS.worker, '/reporter');
    await expect(page.getByRole('heading', { name: 'Reporter Management', level: 1 })).toBeVisible();
    for (const menu of ['User Management', 'Vet Management', 'NGO Management', 'Sponsor Management']) {
      await expect(sidebar(page).getByRole('link', { name: menu })).toHaveCount(0);
    }
    for (const address of ['/user', '/user/adduser', '/vet/addvet', '/ngo', '/sponsor']) {
      await page.goto(address);
      await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
      await expect(page.getByText('You do not have permission to open this page.')).toBeVisible();
    }
  });

  test('at 360 px a list becomes cards and a form fits the screen', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAsFounder(page, '/reporter');

    const card = await findInList(page, 'Search by Name / Email', REPORTER.name, REPORTER.name);
    await expect(card).toHaveRole('article');
    await expect(page.getByRole('table')).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search by Name / Email' }).fill('');
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: path.join(testInfo.project.outputDir, 'directory-360-list.png'), fullPage: true });

    await page.goto('/sponsor/addsponsor');
    await expect(page.getByRole('heading', { name: 'Add Sponsor', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: path.join(testInfo.project.outputDir, 'directory-360-form.png'), fullPage: true });
  });

  // Between a phone and a desk the sidebar stays, and a form beside it is narrower than a phone's.
  for (const [language, account] of [
    ['en', E2E_ACCOUNTS.manager],
    ['hi', E2E_ACCOUNTS.keyboard],
  ] as const) {
    test(`at 520 and 768 px a list's search, buttons and badges and a form with photos fit beside the sidebar, none cut off or over another (${language})`, async ({ page }, testInfo) => {
      expect((await page.request.post('/api/auth/login', { data: { loginId: account.username, password: account.password } })).status()).toBe(200);
      if (language === 'hi') expect((await page.request.post('/api/auth/updateLanguage', { data: { language: 'hi' } })).status()).toBe(200);
      await page.addInitScript((lang) => window.localStorage.setItem('rescuedesk.language', lang), language);
      const created = await page.request.post('/api/vet/createVet', { data: { name: `Dr. Venkataraghavan ${language} ${RUN}`, regId: `KVC-${language}-${RUN}`, vetCertification: [], verificationId: [] } });
      expect(created.status()).toBe(200);
      const id = ((await created.json()) as { data: { id: number } }).data.id;
      for (const width of [520, 768]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/user');
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        const search = (await page.getByRole('searchbox', { name: text(language, 'directory.user.search') }).boundingBox())!;
        expect(search.width, `the search box at ${width} px`).toBeGreaterThanOrEqual(200);
        for (const control of [page.getByRole('button', { name: text(language, 'reports.export.button') }), page.getByRole('link', { name: text(language, 'page.addUser') })]) {
          await expect(control).toBeInViewport({ ratio: 1 });
          const box = (await control.boundingBox())!;
          const apart = box.x >= search.x + search.width || box.y >= search.y + search.height;
          expect(apart, `${await control.textContent()} clear of the search box at ${width} px`).toBe(true);
        }
        // The table may scroll in its own box, but no role badge is cut short ('Manager' was 'M' at 768 px).
        const clippedBadges = await page.getByRole('table').evaluate((table) => [...table.querySelectorAll<HTMLElement>('.mantine-Badge-label')].filter((label) => label.scrollWidth > label.clientWidth + 1).map((label) => label.textContent));
        expect(clippedBadges, `badges at ${width} px`).toEqual([]);
        await page.screenshot({ path: path.join(testInfo.project.outputDir, `directory-${width}-${language}-user-list.png`) });

        await page.goto(`/vet/addvet?id=${id}`);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const pickers = page.getByRole('button', { name: text(language, 'images.chooseFromGallery'), exact: true });
        await expect(pickers).toHaveCount(2);
        for (const picker of await pickers.all()) {
          const box = (await picker.boundingBox())!;
          expect(box.x + box.width, `a photo button's right edge at ${width} px`).toBeLessThanOrEqual(width);
          // Its whole label shows (a label too long for the button would be clipped).
          expect(await picker.locator('.mantine-Button-label').evaluate((label) => label.scrollWidth <= label.clientWidth)).toBe(true);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: path.join(testInfo.project.outputDir, `directory-${width}-${language}-vet-form.png`), fullPage: true });
      }
    });
  }

  test("at 520 px beside the sidebar a sponsor's type shows whole in the list", async ({ page }) => {
    await page.setViewportSize({ width: 520, height: 800 });
    await signIn(page, E2E_ACCOUNTS.founder);
    const name = `Bengaluru Animal Welfare Foundation ${RUN}`;
    const created = await page.request.post('/api/sponsor/createSponsor', { data: { name, type: 'Sterilization', amount: 1000, startDate: '2026-01-01', endDate: '2026-12-31' } });
    expect(created.status()).toBe(200);
    await page.goto('/sponsor');
    const type = page.getByRole('row', { name: new RegExp(name) }).getByText('Sterilization', { exact: true });
    await expect(type).toBeVisible();
    expect(await type.evaluate((label) => label.scrollWidth <= label.clientWidth)).toBe(true);
  });
});
