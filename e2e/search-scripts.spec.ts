import { expect, test } from './base';
import { E2E_ACCOUNTS } from './accounts';
import { signIn } from './helpers';

// Event dates must not be in the future in India: yesterday there.
const yesterday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(Date.now() - 24 * 60 * 60 * 1000);

test('the dashboard finds a place written in Devanagari by its Latin spelling, and a case by its collar tag', async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.worker);
  const created = await page.request.post('/api/case/createCase', { data: { type: 'Sterilization' } });
  expect(created.status()).toBe(200);
  const caseId: number = (await created.json()).data.id;
  const reporting = await page.request.post('/api/case/updateReportingDetail', {
    data: { caseId, reporterName: 'लक्ष्मी शर्मा', reporterContact: '+91 98450 12345', location: 'गच्चीबौली', landmark: 'शिवाजी नगर', pincode: '500032', reportedDate: yesterday(), reportedTime: '08:15' },
  });
  expect(reporting.status(), await reporting.text()).toBe(200);
  const tag = `GHMC-${String(caseId).padStart(5, '0')}`;
  expect((await page.request.post('/api/case/updateAnimalDetail', { data: { caseId, collarTag: tag } })).status()).toBe(200);

  await page.goto('/dashboard');
  const search = page.getByRole('searchbox', { name: 'Search cases' });
  await expect(search).toHaveAttribute('placeholder', 'Name, place, collar tag, case no.');
  await search.fill('Gachi');
  await expect(page).toHaveURL(/[?&]q=Gachi/);
  await expect(page.getByRole('link', { name: `Edit Case #${caseId}` })).toBeVisible();
  await expect(page.getByText('गच्चीबौली').first()).toBeVisible();

  await search.fill('Lakshmi');
  await expect(page).toHaveURL(/[?&]q=Lakshmi/);
  await expect(page.getByRole('link', { name: `Edit Case #${caseId}` })).toBeVisible();

  await search.fill(tag.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag.toLowerCase()}`));
  await expect(page.getByRole('link', { name: /^Edit Case #/ })).toHaveCount(1);
  await expect(page.getByRole('link', { name: `Edit Case #${caseId}` })).toBeVisible();
});
