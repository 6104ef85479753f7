import type { Page } from '@playwright/test';
import { expect, test } from './base';
import type { Language } from '@rescuedesk/shared';
import { E2E_ACCOUNTS } from './accounts';
import { text, textPattern } from './catalogue';
import { axeAudit } from './helpers';

/**
 * The outside judge of issue 14: axe-core on every route and every dialog, at 360 and 1280 px, in
 * light and dark mode, in English and Hindi, must find nothing. In Hindi, no text of the app may
 * still be English (record data, the brand and the language switch's own "English" aside).
 */
const ACCOUNT = E2E_ACCOUNTS.auditor;

// The four runs below (a language at a width, each screen judged in light and in dark) are the
// longest browser tests. Each makes its own records and puts the account's language back, and each
// Playwright worker has its own server, so they are shared out between the workers instead of
// keeping one busy while the other has finished.
test.describe.configure({ mode: 'parallel' });
const ROUTES = ['/dashboard', '/dashboard?view=map', '/dashboard/case?id={case}', '/dashboard/deleted', '/user', '/user/adduser', '/settings', '/ngo', '/ngo/addngo', '/reporter', '/reporter/addreporter', '/vet', '/vet/addvet', '/sponsor', '/sponsor/addsponsor', '/report', '/report/complaints', '/intake', '/runs', '/runs/plan', '/runs/plan?cases={case}', '/ward', '/stock', '/privacy/access-log', '/privacy/retention', '/privacy/requests', '/privacy/breaches'];

/** An avatar's letters: the first letters of a name's first two words. */
function initials(name: string): string {
  return name
    .split(' ')
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

/** Latin-letter words on a Hindi screen that are not the app's own texts left in English. */
const NOT_APP_TEXT = new Set([
  'RescueDesk', 'English', 'Green', 'Paws', 'Trust', 'Audit', 'Dog', 'Lane', 'OPD', 'IPD', 'ID', 'KVC', 'ABC', 'PDF', 'CSV', 'GPS',
  // Record data: the seeded accounts' names, usernames and the initials of their avatars (e2e/server.ts),
  // and the NGO's initials ('GP'), as lists of users and NGOs show them.
  ...Object.values(E2E_ACCOUNTS).flatMap((account) => [...account.name.split(' '), account.username, initials(account.name)]),
  initials('Green Paws Trust'),
  // The map's scale unit and its tile provider's credit (MAP_TILE_ATTRIBUTION: data, shown as given).
  'km', 'OpenStreetMap', 'contributors',
]);

interface Finding {
  where: string;
  rules: string[];
}

/**
 * The rules whose answer depends on the colours: a screen is judged by every rule in one colour
 * mode and by these again in the other (its structure, names and roles are the same in both).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function axeFindings(page: Page, where: string, coloursOnly = false): Promise<Finding[]> {
  const audit = axeAudit(page);
  const { violations } = await (coloursOnly ? audit.withRules(COLOUR_RULES) : audit).analyze();
  return violations.length === 0 ? [] : [{ where, rules: violations.map((v) => `${v.id} (${v.nodes.length}: ${v.nodes[0]?.html.slice(0, 120)} ${v.nodes[0]?.any[0]?.message ?? ''})`) }];
}

/** Words of visible text on the page written in Latin letters, minus record data and the brand. */
async function englishLeftOn(page: Page): Promise<string[]> {
  const visible = await page.evaluate(() => document.body.innerText);
  const withoutData = visible.replace(/\S+@\S+/g, ' ').replace(/https?:\/\/\S+/g, ' ');
  const words = withoutData.match(/[A-Za-z][A-Za-z'’-]{1,}/g) ?? [];
  return [...new Set(words.filter((w) => !NOT_APP_TEXT.has(w)))];
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-loading="true"], .mantine-Loader-root')).toHaveCount(0);
}

for (const language of ['en', 'hi'] as const satisfies readonly Language[]) {
  for (const width of [360, 1280]) {
    test(`axe finds nothing on any route or dialog, light and dark: ${language}, ${width} px`, async ({ browser, baseURL }) => {
      test.setTimeout(180_000);
      // Reduced motion: dialogs are judged as they stand, not half-way through their fade. The
      // colour mode is left on 'auto' (follow the phone), so each screen is judged in light and then
      // in dark by switching the phone's preference, without loading it twice: by every rule in the
      // first mode, and by the colour rules in the second.
      const context = await browser.newContext({ baseURL, viewport: { width, height: 800 }, colorScheme: 'light', reducedMotion: 'reduce' });
      await context.addInitScript((lang) => {
        window.localStorage.setItem('rescuedesk.language', lang);
        window.localStorage.setItem('rescuedesk-color-scheme', 'auto');
      }, language);
      const page = await context.newPage();
      const findings: Finding[] = [];
      const english: Record<string, string[]> = {};
      let scheme: 'light' | 'dark' = 'light';
      const look = async (where: string) => {
        if (language === 'hi') {
          const left = await englishLeftOn(page);
          if (left.length > 0) english[where] = left;
        }
        for (let turn = 0; turn < 2; turn++) {
          if (turn > 0) {
            scheme = scheme === 'light' ? 'dark' : 'light';
            await page.emulateMedia({ colorScheme: scheme });
          }
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
          // Judged once every colour has finished changing, not half-way from one mode's to the other's.
          await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'));
          findings.push(...(await axeFindings(page, `${where} (${scheme})`, turn > 0)));
        }
      };

      await page.goto('/');
      await expect(page.getByRole('button', { name: text(language, 'auth.login.submit') })).toBeVisible();
      await look('login');

      const login = await page.request.post('/api/auth/login', { data: { loginId: ACCOUNT.username, password: ACCOUNT.password } });
      expect(login.status()).toBe(200);
      expect((await page.request.post('/api/auth/updateLanguage', { data: { language } })).status()).toBe(200);
      const ngos = (await (await page.request.post('/api/ngo/getNgos', { data: {} })).json()) as { data: Array<{ id: number }> };
      const created = await page.request.post('/api/case/createCase', { data: { type: 'Sterilization', ngoId: ngos.data[0]!.id } });
      const caseId = ((await created.json()) as { data: { id: number } }).data.id;
      // A deleted case, so the 'Deleted cases' view is judged with a row in it.
      const gone = await page.request.post('/api/case/createCase', { data: { type: 'OPD', ngoId: ngos.data[0]!.id } });
      expect((await page.request.post('/api/case/deleteCase', { data: { caseId: ((await gone.json()) as { data: { id: number } }).data.id } })).status()).toBe(200);

      for (const route of ROUTES) {
        await page.goto(route.replace('{case}', String(caseId)));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await settle(page);
        await look(route);
      }

      // Dialogs: adding a case, deleting a case, deactivating a user, leaving unsaved changes; and a toast.
      await page.goto('/dashboard');
      await settle(page);
      await page.getByRole('button', { name: text(language, 'cases.dashboard.addCase') }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await look('dialog: add case');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.getByRole('button', { name: textPattern(language, 'cases.delete.label') }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await look('dialog: delete case');
      await page.keyboard.press('Escape');

      await page.goto('/user');
      await settle(page);
      const deactivateWorker = text(language, 'directory.user.deactivateLabel').replace('{name}', E2E_ACCOUNTS.worker.name);
      await page.getByRole('button', { name: deactivateWorker }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await look('dialog: deactivate user');
      await page.keyboard.press('Escape');

      // A toast: the form's 'Please fill Required Details' error, closable.
      await page.goto('/vet/addvet');
      await settle(page);
      await page.getByRole('button', { name: text(language, 'common.save'), exact: true }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await look('toast: required fields');

      // Opened from the list inside the app, so going back is the app's own navigation.
      await page.goto('/vet');
      await settle(page);
      await page.getByRole('link', { name: text(language, 'page.addVet') }).click();
      await page.getByLabel(text(language, 'field.vetRecordName')).fill('Dr. Audit');
      await page.goBack();
      await expect(page.getByRole('dialog')).toBeVisible();
      await look('dialog: discard changes');

      expect((await page.request.post('/api/auth/updateLanguage', { data: { language: 'en' } })).status()).toBe(200);
      await context.close();
      expect(findings).toEqual([]);
      expect(english).toEqual({});
    });
  }
}
