import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { IntakeList } from './intake-list';

/** A report as the server sends it; `id` and `status` vary. */
const report = (id: number, status: 'new' | 'accepted' | 'declined', code: string) => ({
  id,
  ngoId: 2,
  code,
  status,
  createdAt: '2026-11-29T04:30:00.000Z',
  latitude: null,
  longitude: null,
  accuracy: null,
  address: `Lane ${id}`,
  pincode: '560001',
  outsideArea: false,
  distanceM: null,
  animalType: 'Dog',
  condition: 'injured',
  description: null,
  reporterName: 'Meena Rao',
  reporterPhone: '98450 11111',
  photos: [],
  declineReason: null,
  caseId: status === 'accepted' ? 40 : null,
  notices: { channel: 'sms', stoppedAt: null, list: [] },
  additions: [],
});

function stubReports() {
  const data = [report(7, 'new', 'K7M2QX9P'), report(8, 'accepted', 'P3R8ZT2W')];
  stubFetch({ 'POST /api/intake/getReports': { body: { data, meta: { total: data.length, page: 1, pageSize: 30 } } } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  i18n.loadAndActivate({ locale: 'en', messages: en });
});

describe('the intake opened at a report from the map', () => {
  it('focuses and marks the named report, saying nothing more while it is new', async () => {
    stubReports();
    renderWithProviders(<IntakeList />, { route: '/intake?report=7' });
    const card = await screen.findByTestId('report-focused');
    expect(card.getAttribute('aria-label')).toContain('K7M2QX9P');
    expect(card.getAttribute('aria-current')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(card));
    expect(screen.queryByTestId('report-focus')).toBeNull();
  });

  it('says a report decided meanwhile was decided, and how', async () => {
    stubReports();
    renderWithProviders(<IntakeList />, { route: '/intake?report=8' });
    expect((await screen.findByTestId('report-focus')).textContent).toBe('This report was decided meanwhile: Accepted.');
    expect(screen.getByTestId('report-focused').getAttribute('aria-label')).toContain('P3R8ZT2W');
  });

  it('says in Hindi when the report is not in the list', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    stubReports();
    renderWithProviders(<IntakeList />, { route: '/intake?report=99' });
    expect((await screen.findByTestId('report-focus')).textContent).toBe('नक्शे से खोली गई रिपोर्ट इस सूची में नहीं है: शायद इस बीच उस पर फ़ैसला हो चुका है।');
    expect(screen.queryByTestId('report-focused')).toBeNull();
  });

  it("opens at the page that holds the report, and a page chosen then is the user's", async () => {
    const asked: unknown[] = [];
    stubFetch({
      'POST /api/intake/getReports': (init) => {
        const body = JSON.parse(String(init.body)) as { around?: number; page?: number };
        asked.push(body);
        // 95 reports, 30 a page: report 7 stands on page 3.
        const page = body.around === 7 ? 3 : (body.page ?? 1);
        return { body: { data: [report(page === 3 ? 7 : 60 + page, 'new', page === 3 ? 'K7M2QX9P' : `CODE000${page}`)], meta: { total: 95, page, pageSize: 30 } } };
      },
    });
    const { user } = renderWithProviders(<IntakeList />, { route: '/intake?report=7' });
    expect((await screen.findByTestId('report-focused')).getAttribute('aria-label')).toContain('K7M2QX9P');
    expect(asked).toEqual([{ around: 7 }]);
    const pages = screen.getByRole('navigation', { name: 'Pages of public reports' });
    expect(within(pages).getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    await user.click(within(pages).getByRole('button', { name: 'Page 1' }));
    expect(await screen.findByRole('article', { name: /CODE0001/ })).toBeTruthy();
    expect(asked.at(-1)).toEqual({ page: 1 });
    // The named report is not on the page the user chose: that is not news.
    expect(screen.queryByTestId('report-focus')).toBeNull();
  });
});
