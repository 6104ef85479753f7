import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { DeletedCase } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../../test/render';
import { FOUNDER, ADMIN } from '../../../../test/accounts';
import { stubFetch } from '../../../../test/fetch';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { buildCase } from '../test/case-factory';
import { DeletedCases } from './deleted-cases';


function deletedCase(overrides: Partial<DeletedCase> = {}): DeletedCase {
  return {
    id: 7,
    ngoId: 2,
    ngoName: 'Green Paws Trust',
    type: 'Sterilization',
    status: 'Admitted',
    reporterName: 'Anita Desai',
    location: 'MG Road, near Metro pillar 45',
    uniqueID: 'BLR-0007',
    reportedDate: '2026-11-20',
    createdAt: '2026-11-20T08:00:00.000Z',
    deletedAt: '2026-11-22T10:30:00.000Z',
    deletedBy: 'Manoj Manager',
    ...overrides,
  };
}

function page(rows: DeletedCase[], total = rows.length) {
  return { data: rows, meta: { total, page: 1, pageSize: 20 } };
}

describe('DeletedCases', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('lists each deleted case with what tells it apart and who deleted it, and restores one in a tap', async () => {
    let rows = [deletedCase(), deletedCase({ id: 5, type: 'OPD', reporterName: null, uniqueID: null, reportedDate: null, deletedBy: 'Farah Founder' })];
    const fetchMock = stubFetch({
      'POST /api/case/getDeletedCases': () => ({ body: page(rows) }),
      'POST /api/case/restoreCase': () => {
        rows = rows.filter((row) => row.id !== 7);
        return { body: { data: buildCase({ id: 7 }) } };
      },
    });
    const { user } = renderWithProviders(<DeletedCases me={FOUNDER} />, { route: '/dashboard/deleted' });

    expect(screen.getByRole('heading', { name: 'Deleted cases', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    const row = (await screen.findByRole('rowheader', { name: /^#7 / })).closest('tr');
    if (!row) throw new Error('no row');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Action', 'Case', 'Reported', 'Animal ID', 'Reporter', 'Location', 'Deleted on', 'Deleted by']);
    for (const text of ['Sterilization', '20/11/2026', 'BLR-0007', 'Anita Desai', 'MG Road, near Metro pillar 45', 'Manoj Manager']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    expect(within(row).getByText(/^22\/11\/2026, \d\d:\d\d$/)).toBeTruthy();
    expect(screen.getByText('1–2 of 2')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'Restore case #7' }));
    expect(await screen.findByText('Case #7 restored')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /^#7 / })).toBeNull());
    expect(screen.getByRole('rowheader', { name: /^#5 / })).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/case/restoreCase'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ caseId: 7 });
    const asked = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/case/getDeletedCases'));
    expect(JSON.parse(String(asked?.[1]?.body))).toEqual({ page: 1, pageSize: 20 });
  });

  it("says so when nothing has been deleted, and shows the server's refusal of a restore", async () => {
    stubFetch({ 'POST /api/case/getDeletedCases': { body: page([]) } });
    const empty = renderWithProviders(<DeletedCases me={FOUNDER} />, { route: '/dashboard/deleted' });
    expect(await screen.findByText('No deleted cases')).toBeTruthy();
    expect(screen.getByText('Cases deleted from the dashboard appear here, and can be restored.')).toBeTruthy();
    empty.unmount();

    stubFetch({
      'POST /api/case/getDeletedCases': { body: page([deletedCase()]) },
      'POST /api/case/restoreCase': { status: 409, body: { message: 'Collar/tag number T-42 is already on open case #31.' } },
    });
    const { user } = renderWithProviders(<DeletedCases me={FOUNDER} />, { route: '/dashboard/deleted' });
    await user.click(await screen.findByRole('button', { name: 'Restore case #7' }));
    expect(await screen.findByText('Collar/tag number T-42 is already on open case #31.')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: /^#7 / })).toBeTruthy();
  });

  it("shows an Admin each case's NGO, and on a phone a card per case with a 44 px Restore", async () => {
    stubFetch({ 'POST /api/case/getDeletedCases': { body: page([deletedCase({ ngoName: 'Blue Cross Unit' })]) } });
    const desk = renderWithProviders(<DeletedCases me={ADMIN} />, { route: '/dashboard/deleted' });
    const row = (await screen.findByRole('rowheader', { name: /^#7 / })).closest('tr');
    expect(screen.getByRole('columnheader', { name: 'NGO' })).toBeTruthy();
    expect(within(row as HTMLElement).getByText('Blue Cross Unit')).toBeTruthy();
    desk.unmount();

    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ ...matchMedia(query), matches: query.includes('max-width') }));
    renderWithProviders(<DeletedCases me={ADMIN} />, { route: '/dashboard/deleted' });
    const card = await screen.findByRole('listitem', { name: 'Case #7' });
    expect([...card.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Reported', 'Animal ID', 'Location', 'NGO', 'Deleted on', 'Deleted by']);
    expect(within(card).getByRole('button', { name: 'Restore case #7' }).getAttribute('data-size')).toBe('md');
  });

  it('reads in Hindi', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    stubFetch({ 'POST /api/case/getDeletedCases': { body: page([deletedCase()]) } });
    renderWithProviders(<DeletedCases me={FOUNDER} />, { route: '/dashboard/deleted' });

    expect(screen.getByRole('heading', { name: 'हटाए गए केस', level: 1 })).toBeTruthy();
    const row = (await screen.findByRole('rowheader', { name: /^#7 / })).closest('tr');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['कार्रवाई', 'केस', 'सूचना की तारीख', 'पशु आईडी', 'सूचना देने वाले', 'जगह', 'कब हटाया', 'किसने हटाया']);
    expect(within(row as HTMLElement).getByRole('button', { name: 'केस #7 वापस लाएँ' }).textContent).toBe('वापस लाएँ');
    expect(within(row as HTMLElement).getByText('नसबंदी')).toBeTruthy();
    expect(screen.getByText('1 में से 1–1')).toBeTruthy();
  });
});
