import type { Page } from '@playwright/test';
import { expect, test } from './base';
import { E2E_ACCOUNTS } from './accounts';
import { signIn } from './helpers';

/**
 * Stored XSS: names and texts carrying script, saved through the API, must show as text on every
 * list and form. No dialog may open and no injected script may run.
 */
const SCRIPT = '<script>window.__xss=1;alert("xss")</script>';
const IMG = '<img src=x onerror="window.__xss=2;alert(2)">';
/** Fits the 100-character name fields; the longer text fields also carry a script element. */
const payload = (label: string) => `${label} ${IMG}`;

async function watchForScript(page: Page): Promise<string[]> {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  return dialogs;
}

test('script in stored names and texts is shown as text everywhere', async ({ page }) => {
  const dialogs = await watchForScript(page);
  await signIn(page, E2E_ACCOUNTS.founder);
  const api = async (url: string, data: object) => {
    const response = await page.request.post(url, { data });
    expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
    return ((await response.json()) as { data: { id: number } }).data;
  };
  const stamp = Date.now();
  const reporter = await api('/api/reporter/createReporter', { name: payload('Reporter'), contact: '9845012345' });
  const vet = await api('/api/vet/createVet', { name: payload('Vet'), regId: `XSS-${stamp}` });
  const sponsor = await api('/api/sponsor/createSponsor', { name: payload('Sponsor'), type: 'OPD', amount: 10, startDate: '2026-01-01', endDate: '2026-12-31' });
  const user = await api('/api/user/createUser', { name: payload('User'), email: `xss${stamp}@example.org`, username: `xss${stamp}`, contact: '9845012345', password: 'secret-123', role: 'Worker' });
  const created = await api('/api/case/createCase', { type: 'OPD' });
  await api('/api/case/updateReportingDetail', {
    caseId: created.id,
    reporterName: payload('Case reporter'),
    reporterContact: '9845012345',
    location: payload('Location'),
    landmark: `${payload('Landmark')} ${SCRIPT}`,
    pincode: '560001',
    reportedDate: '2026-11-20',
    reportedTime: '10:00',
  });
  await api('/api/case/updateAnimalDetail', { caseId: created.id, uniqueID: `XSS-${stamp}`, animalMarking: `${payload('Marking')} ${SCRIPT}` });

  // [page, the text's label, what to search for on a list that shows the record past its first page]
  const pages: Array<[string, string, string?]> = [
    ['/dashboard', 'Case reporter'],
    [`/dashboard/case?id=${created.id}`, 'Case reporter'],
    ['/reporter', 'Reporter'],
    [`/reporter/addreporter?id=${reporter.id}`, 'Reporter'],
    ['/vet', 'Vet'],
    [`/vet/addvet?id=${vet.id}`, 'Vet'],
    ['/sponsor', 'Sponsor'],
    [`/sponsor/addsponsor?id=${sponsor.id}`, 'Sponsor'],
    // The users list runs oldest first: other tests' accounts push this one past the first page.
    ['/user', 'User', `xss${stamp}`],
    [`/user/adduser?id=${user.id}`, 'User'],
  ];
  for (const [path, label, search] of pages) {
    await page.goto(path);
    if (search) await page.getByRole('searchbox').fill(search);
    // Lists show the text; forms hold it in an input. Either way it is the literal text.
    await page.waitForFunction(
      (needle) =>
        [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].some((e) => e.value.includes(needle)) ||
        document.body.innerText.includes(needle),
      `${label} ${IMG}`,
    );
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count(), path).toBe(0);
  }
  expect(dialogs).toEqual([]);
});
