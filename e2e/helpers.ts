import { crc32, deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import type { E2E_ACCOUNTS } from './accounts';

export type Account = (typeof E2E_ACCOUNTS)[keyof typeof E2E_ACCOUNTS];

/**
 * An account's own API session in a context of its own (its cookie apart from the page's): for
 * records a test sets up as another user, or changes made behind the page's back.
 */
export async function apiAs(browser: Browser, baseURL: string | undefined, account: { username: string; password: string }): Promise<APIRequestContext> {
  const context = await browser.newContext({ baseURL });
  const response = await context.request.post('/api/auth/login', { data: { loginId: account.username, password: account.password } });
  expect(response.status(), `login of ${account.username}`).toBe(200);
  return context.request;
}

/** Posts as that API session and answers the envelope's data; anything but 200 fails the test with the server's words. */
export async function posted<T>(api: APIRequestContext, url: string, data: object): Promise<T> {
  const response = await api.post(url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

export function sidebar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main menu' });
}

/**
 * A thumb-sized target: at least `min` px tall once drawn. Polled, because a target found a moment
 * before can be mid re-render (no box) on a loaded machine.
 */
export async function expectTapHeight(target: Locator, message?: string, min = 44): Promise<void> {
  await expect.poll(async () => (await target.boundingBox())?.height ?? 0, { message }).toBeGreaterThanOrEqual(min);
}

export function toast(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

/** Signs in through the login form, as a person would, and waits for the dashboard. */
export async function signInWithForm(page: Page, loginId: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Login ID').fill(loginId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

/**
 * Signs in through the API (the page shares the cookie jar) for tests about what comes after
 * login, then opens `path` and waits for the shell. Saves login attempts against the throttle's budget.
 */
export async function signIn(page: Page, account: Account, path = '/dashboard'): Promise<void> {
  const response = await page.request.post('/api/auth/login', {
    data: { loginId: account.username, password: account.password },
  });
  expect(response.status(), `login of ${account.username}`).toBe(200);
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/**
 * A new case of the page's user, reported at `place` and captured `metresNorth` of `from` (1 m of
 * latitude = 1/111,195 degree): what the run planner and the map show.
 */
export async function caseNorthOf(page: Page, from: { latitude: number; longitude: number }, metresNorth: number, place: { location: string; pincode: string }): Promise<number> {
  const created = await page.request.post('/api/case/createCase', { data: { type: 'Sterilization' } });
  expect(created.status()).toBe(200);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  const saved = await page.request.post('/api/case/updateReportingDetail', {
    data: { caseId: id, reporterName: 'Ravi Rao', reporterContact: '9845012345', landmark: 'Bus stop', reportedDate: '2026-11-20', reportedTime: '08:15', ...place, captureLatitude: +(from.latitude + metresNorth / 111_195).toFixed(6), captureLongitude: from.longitude },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return id;
}

/** A solid-colour PNG, so upload tests need no fixture files. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The dashboard's first page of cases as the server answers it: the All tab, fifty a page, with an optional search. */
export async function firstCasePage(page: Page, search?: string): Promise<{ data: unknown[]; meta: { total: number } }> {
  const response = await page.request.post('/api/case/getCaseByType', { data: { type: 'All', ...(search ? { search } : {}), page: 1, pageSize: 50 } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { data: unknown[]; meta: { total: number } };
}

/**
 * The app's files are precached and the service worker answers this page. A page loaded while the
 * worker was still installing asks the worker to take it once it is active (docs/decisions/016).
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The query keys kept on the device for reading offline (lib/offline), every user's together. */
export function keptQueryKeys(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    // Opening a database that is not there yet would create it empty, without the app's store, and
    // every write of the app would then fail: asked before the app's first write, nothing is kept.
    if (!(await indexedDB.databases()).some((database) => database.name === 'rescuedesk-offline')) return [];
    const request = indexedDB.open('rescuedesk-offline');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    if (!db.objectStoreNames.contains('query-cache')) return [];
    const all = await new Promise<Array<{ clientState: { queries: Array<{ queryKey: unknown }> } }>>((resolve, reject) => {
      const read = db.transaction('query-cache').objectStore('query-cache').getAll();
      read.onsuccess = () => resolve(read.result as never);
      read.onerror = () => reject(read.error);
    });
    db.close();
    return all.flatMap((client) => client.clientState.queries.map((query) => JSON.stringify(query.queryKey)));
  });
}

/**
 * axe-core on the page as the browser tests run it. Legacy mode runs axe in the page's own frame
 * and skips the blank page the default mode opens to merge frames' results, which costs more than
 * the audit itself; the app has no frames of its own. Only violations are read, so axe does not
 * gather every passing node as well.
 */
export function axeAudit(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
}
