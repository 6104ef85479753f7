import { expect, test } from './base';
import { E2E_ACCOUNTS } from './accounts';
import { text, textPattern } from './catalogue';
import { apiAs, axeAudit, posted, toast } from './helpers';

/**
 * The monitoring committee (issue 37, docs/reports.md#signing-the-monthly-report), on a 360 px phone
 * in Hindi: the project's vet has signed; the municipal officer signs on the report page; once the
 * district officer has signed, the month is locked and its public verification page, opened
 * without a session, says so and checks the hash printed on the PDF.
 */
const RUN = Date.now().toString();
/** A month of its own for each run (2030-2089), so reruns against one database never meet a signed month. */
const MONTH = `20${30 + (Number(RUN.slice(-4)) % 60)}-${String(1 + (Number(RUN.slice(-6, -4)) % 12)).padStart(2, '0')}`;
const hi = (key: Parameters<typeof text>[1]) => text('hi', key);

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test('a committee member signs the month in Hindi, and the public page verifies the locked version', async ({ page, browser, baseURL }) => {
  const founder = await apiAs(browser, baseURL, E2E_ACCOUNTS.founder);
  const member = async (username: string, designation: string) => {
    await posted(founder, '/api/user/createUser', { name: `डॉ ${username}`, email: `${username}@example.org`, username, contact: '9845012377', password: 'Committee@123', role: 'Committee', designation });
    return { username, password: 'Committee@123' };
  };
  const municipal = await member(`mvo${RUN}`, 'नगर पशु चिकित्सा अधिकारी');
  const district = await member(`dvo${RUN}`, 'ज़िला पशु चिकित्सा अधिकारी');
  const manager = await apiAs(browser, baseURL, E2E_ACCOUNTS.manager);
  const { liveHash } = await posted<{ liveHash: string }>(manager, '/api/committee/getSigning', { month: MONTH });
  await posted(manager, '/api/committee/signReport', { month: MONTH, slot: 'projectVet', contentHash: liveHash });

  const login = await page.request.post('/api/auth/login', { data: { loginId: municipal.username, password: municipal.password, language: 'hi' } });
  expect(login.status()).toBe(200);
  // The committee has no dashboard: it starts at the report.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/report/);
  await page.goto(`/report?month=${MONTH}`);
  const panel = page.getByRole('region', { name: hi('committee.sign.title') });
  await expect(panel.getByText(hi('committee.sign.awaiting'))).toBeVisible();
  const signAs = panel.getByRole('button', { name: hi('committee.sign.signAs').replace('{slot}', hi('committee.slot.municipalVet')) });
  await expect(panel.getByRole('button', { name: textPattern('hi', 'committee.sign.signAs') })).toHaveCount(2);
  await signAs.click();
  await expect(toast(page, hi('committee.sign.signed'))).toBeVisible();
  await expect(panel).toContainText(`डॉ ${municipal.username}, नगर पशु चिकित्सा अधिकारी`);
  // Nothing on the page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const axe = await axeAudit(page).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  const dvo = await apiAs(browser, baseURL, district);
  await posted(dvo, '/api/committee/signReport', { month: MONTH, slot: 'districtVet', contentHash: liveHash });
  await page.reload();
  await expect(panel.getByText(hi('committee.sign.locked'))).toBeVisible();
  await expect(panel.getByText(hi('committee.sign.servedFrom').replace('{version}', '1'))).toBeVisible();
  const verifyHref = await panel.getByRole('link', { name: hi('committee.sign.verify') }).getAttribute('href');
  expect(verifyHref).toMatch(/^\/verify\/[0-9a-f-]{36}$/);

  // The verification page needs no session.
  const stranger = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, locale: 'en-IN' });
  const open = await stranger.newPage();
  await open.goto(verifyHref!);
  await expect(open.getByRole('heading', { level: 1, name: text('en', 'committee.verify.title') })).toBeVisible();
  await expect(open.getByText(text('en', 'committee.verify.locked'))).toBeVisible();
  await expect(open.getByText(text('en', 'committee.verify.current'))).toBeVisible();
  await expect(open.getByText('District Veterinary Officer', { exact: false }).first()).toBeVisible();
  await open.getByRole('textbox', { name: text('en', 'committee.verify.paste') }).fill(`SHA-256: ${liveHash.toUpperCase()}`);
  await open.getByRole('button', { name: text('en', 'committee.verify.check') }).click();
  await expect(open.getByRole('status').filter({ hasText: text('en', 'committee.verify.matches') })).toBeVisible();
  await open.getByRole('textbox', { name: text('en', 'committee.verify.paste') }).fill('0'.repeat(64));
  await open.getByRole('button', { name: text('en', 'committee.verify.check') }).click();
  await expect(open.getByRole('status').filter({ hasText: text('en', 'committee.verify.noMatch') })).toBeVisible();
  await stranger.close();
});
