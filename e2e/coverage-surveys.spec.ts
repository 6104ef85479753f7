import { expect, test } from './base';
import { E2E_ACCOUNTS } from './accounts';
import { text } from './catalogue';
import { apiAs, axeAudit, expectTapHeight, posted, waitForServiceWorker } from './helpers';

/**
 * Coverage surveys (issue 39, docs/coverage.md), on a 360 px phone in Hindi: a worker walks a ward
 * offline, one tap per dog, and the ward's estimate is there once the taps are sent.
 */

const RUN = Date.now().toString(36);
const hi = (key: Parameters<typeof text>[1]) => text('hi', key);


const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test('a worker records two dogs offline in Hindi, syncs, and sees the ward estimate', async ({ page, browser, baseURL }) => {
  // The office's side: a ward, one dog of it sterilised and released (M = 1), and a worker who reads Hindi.
  const founder = await apiAs(browser, baseURL, E2E_ACCOUNTS.founder);
  const wardName = `Gandhi Bazaar ${RUN}`;
  const ward = await posted<{ id: number }>(founder, '/api/ward/createWard', { name: wardName });
  const { id: caseId } = await posted<{ id: number }>(founder, '/api/case/createCase', { type: 'Sterilization' });
  await posted(founder, '/api/case/updateReportingDetail', {
    caseId,
    reporterName: 'Survey Sunita',
    reporterContact: '+91 98450 12345',
    location: 'DVG Road',
    landmark: 'Market',
    pincode: '560004',
    reportedDate: daysAgo(6),
    reportedTime: '08:15',
    wardZone: wardName,
  });
  await posted(founder, '/api/case/updateOperationDetail', { caseId, operationDate: daysAgo(5), surgeryCancelled: 'No' });
  await posted(founder, '/api/case/updatePostOperationDetail', { caseId, releaseDate: daysAgo(2) });
  const worker = { username: `surveyor${RUN}`, password: 'Surveyor@123' };
  await posted(founder, '/api/user/createUser', { name: 'Sushila Surveyor', email: `surveyor${RUN}@example.org`, username: worker.username, contact: '9845012399', password: worker.password, role: 'Worker' });

  const login = await page.request.post('/api/auth/login', { data: { loginId: worker.username, password: worker.password, language: 'hi' } });
  expect(login.status()).toBe(200);
  await page.goto(`/ward/view?id=${ward.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `${hi('surveys.ward.title').replace('{name}', wardName)}` })).toBeVisible();
  await waitForServiceWorker(page);

  // Offline from here: the survey starts and both dogs wait in the outbox.
  await page.getByRole('link', { name: hi('surveys.ward.startSurvey') }).click();
  await page.getByRole('textbox', { name: hi('surveys.field.routeNote') }).fill('डीवीजी रोड से बाज़ार तक');
  await page.context().setOffline(true);
  await page.getByRole('button', { name: hi('surveys.record.start') }).click();
  const notched = page.getByRole('button', { name: hi('surveys.record.notched'), exact: true });
  const notNotched = page.getByRole('button', { name: hi('surveys.record.notNotched'), exact: true });
  await expectTapHeight(notched);
  await expectTapHeight(notNotched);
  await page.getByRole('switch', { name: hi('surveys.record.vaccinated') }).check();
  await notched.click();
  await notNotched.click();
  const count = page.getByTestId('survey-count');
  await expect(count).toHaveText('2 कुत्ते गिने: 1 पर निशान, 1 पर नहीं');
  await expect(page.getByText('3 बदलाव भेजने बाकी हैं')).toBeVisible();
  const axeOffline = await axeAudit(page).analyze();
  expect(axeOffline.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // Back online: the outbox sends the start and both dogs, once each.
  await page.context().setOffline(false);
  await expect(page.getByText('3 बदलाव भेजने बाकी हैं')).toBeHidden();
  await expect(count).toHaveText('2 कुत्ते गिने: 1 पर निशान, 1 पर नहीं');

  await page.getByRole('link', { name: hi('surveys.record.finish') }).click();
  // M = 1, C = 2, R = 1: N = 2 * 3 / 2 - 1 = 2, half of them sterilised.
  const summary = page.getByTestId('ward-summary');
  await expect(summary).toContainText('1 सर्वे');
  await expect(summary).toContainText('50%');
  await expect(page.getByText(`${hi('surveys.ward.estimate')}:`)).toBeVisible();
  await expect(page.getByText(/^2 \(95% दायरा 2–/)).toBeVisible();
  const axeWard = await axeAudit(page).analyze();
  expect(axeWard.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  const surveys = await page.request.post('/api/ward/getWardCoverage', { data: { id: ward.id } });
  const data = ((await surveys.json()) as { data: { surveys: Array<{ counted: number; notched: number; vaccinated: number; routeNote: string }> } }).data;
  expect(data.surveys).toEqual([expect.objectContaining({ counted: 2, notched: 1, vaccinated: 1, routeNote: 'डीवीजी रोड से बाज़ार तक' })]);
});
