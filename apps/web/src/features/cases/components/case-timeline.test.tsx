import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { TimelineEntry } from '@rescuedesk/shared';
import { stubFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { formatDateTime } from '../../../lib/i18n/format';
import CaseTimeline from './case-timeline';

const entry = (id: number, action: string, changes: TimelineEntry['changes']): TimelineEntry => ({
  id,
  at: '2026-11-22T04:30:00.000Z',
  madeAt: null,
  action,
  actorId: 3,
  actorName: 'Manoj Manager',
  actorRole: 'Manager',
  fields: changes.map((c) => c.field),
  changes,
});

const PAGE_ONE = [
  entry(9, 'updatePostOperationDetail', [
    { field: 'releaseDate', from: null, to: '2026-11-25' },
    { field: 'releasePictures', from: ['a.jpg'], to: ['b.jpg'] },
  ]),
  entry(8, 'updateAnimalDetail', [
    { field: 'earNotch', from: null, to: 'Left' },
    { field: 'releaseFlagged', from: false, to: true },
  ]),
];
const PAGE_TWO = [entry(1, 'create', [])];

describe('CaseTimeline', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('shows each change newest first with who and old -> new in words, photos by name, and loads more', async () => {
    const fetchMock = stubFetch({
      'POST /api/case/getCaseTimeline': (init) => ({
        body: (JSON.parse(String(init.body)) as { page: number }).page === 1 ? { data: PAGE_ONE, meta: { total: 3, page: 1, pageSize: 2 } } : { data: PAGE_TWO, meta: { total: 3, page: 2, pageSize: 2 } },
      }),
      'POST /api/case/getCaseStaff': { body: { data: [] } },
    });
    const { user } = renderWithProviders(<CaseTimeline caseId={12} ngoId={2} version="v1" />);

    expect(await screen.findByText('Post Operation Details saved', {}, { timeout: 8_000 })).toBeTruthy();
    expect(screen.getByText('Release Date: (empty) → 25/11/2026')).toBeTruthy();
    expect(screen.getByText('Release Pictures: photo added')).toBeTruthy();
    expect(screen.getByText('Release Pictures: photo removed')).toBeTruthy();
    expect(screen.getByText('Ear Notch: (empty) → Left')).toBeTruthy();
    expect(screen.getByText('Released Away from Capture Point: No → Yes')).toBeTruthy();
    expect(screen.getAllByText(/^Manoj Manager \(Manager\) · /)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Case created', {}, { timeout: 8_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/getCaseTimeline'))).toHaveLength(2);
  });

  it("shows a photo added or removed as its thumbnail, not its file name, and opens it at full size from the case's NGO", async () => {
    stubFetch({
      'POST /api/case/getCaseTimeline': { body: { data: [PAGE_ONE[0]], meta: { total: 1, page: 1, pageSize: 20 } } },
      'POST /api/case/getCaseStaff': { body: { data: [] } },
    });
    const { user } = renderWithProviders(<CaseTimeline caseId={12} ngoId={2} version="v1" />);

    const open = await screen.findAllByRole('button', { name: 'Open photo: Release Pictures' }, { timeout: 8_000 });
    expect(open).toHaveLength(2);
    expect(open.map((button) => button.querySelector('img')?.getAttribute('src'))).toEqual(['/api/image/getImage/2/b.jpg?w=192', '/api/image/getImage/2/a.jpg?w=192']);
    expect(screen.queryByText(/\.jpg/)).toBeNull();
    await user.click(open[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Release Pictures' });
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe('/api/image/getImage/2/b.jpg');
    // The timeline only shows: no Delete in its viewer.
    expect(screen.queryByRole('button', { name: 'Delete image' })).toBeNull();
  });

  it('marks a change entered offline with when it was made on the device and when it reached the server, in English and Hindi', async () => {
    const offline = { ...entry(7, 'updateAnimalDetail', [{ field: 'earNotch', from: null, to: 'Left' }]), madeAt: '2026-11-22T03:57:00.000Z' };
    // Sent at once: the device's time is within a minute of the server's, no mark.
    const online = { ...entry(6, 'updateAnimalDetail', [{ field: 'collarTag', from: null, to: 'R-17' }]), madeAt: '2026-11-22T04:29:30.000Z' };
    stubFetch({
      'POST /api/case/getCaseTimeline': { body: { data: [offline, online], meta: { total: 2, page: 1, pageSize: 20 } } },
      'POST /api/case/getCaseStaff': { body: { data: [] } },
    });
    const { unmount } = renderWithProviders(<CaseTimeline caseId={12} ngoId={2} version="v1" />);
    expect(await screen.findByText('Entered offline', {}, { timeout: 8_000 })).toBeTruthy();
    expect(screen.getAllByText('Entered offline')).toHaveLength(1);
    const made = formatDateTime('2026-11-22T03:57:00.000Z');
    const arrived = formatDateTime('2026-11-22T04:30:00.000Z');
    expect(screen.getByText(`Manoj Manager (Manager) · made on the device ${made} · reached the server ${arrived}`)).toBeTruthy();
    expect(screen.getByText(`Manoj Manager (Manager) · ${arrived}`)).toBeTruthy();
    unmount();

    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    renderWithProviders(<CaseTimeline caseId={12} ngoId={2} version="v2" />);
    expect(await screen.findByText('ऑफ़लाइन दर्ज किया गया', {}, { timeout: 8_000 })).toBeTruthy();
  });

  it('names the squad from the staff list, and a member whose name is not on this device in words instead of a number', async () => {
    stubFetch({
      'POST /api/case/getCaseTimeline': { body: { data: [entry(5, 'updateReportingDetail', [{ field: 'catchingSquad', from: [31], to: [31, 44] }])], meta: { total: 1, page: 1, pageSize: 20 } } },
      // Only Ravi is on the list this device holds; 44 joined after it was loaded, or it was never loaded.
      'POST /api/case/getCaseStaff': { body: { data: [{ id: 31, name: 'Ravi Worker', active: true }] } },
    });
    renderWithProviders(<CaseTimeline caseId={12} ngoId={2} version="v1" />);

    expect(await screen.findByText('Catching Squad: Ravi Worker → Ravi Worker, Staff member (name not on this device)', {}, { timeout: 8_000 })).toBeTruthy();
    expect(document.body.textContent).not.toContain('#44');
  });

  it("says whether the vet came from the directory, never the vet's internal number", async () => {
    stubFetch({
      'POST /api/case/getCaseTimeline': {
        body: {
          data: [
            entry(6, 'updateOperationDetail', [
              { field: 'vetName', from: 'Dr. Arjun', to: 'Dr. Arjun Shetty' },
              { field: 'vetId', from: null, to: 417 },
            ]),
          ],
          meta: { total: 1, page: 1, pageSize: 20 },
        },
      },
      'POST /api/case/getCaseStaff': { body: { data: [] } },
    });
    renderWithProviders(<CaseTimeline caseId={12} ngoId={2} version="v1" />);

    expect(await screen.findByText('Vet from the directory: (empty) → Yes', {}, { timeout: 8_000 })).toBeTruthy();
    expect(document.body.textContent).not.toContain('417');
  });

  it('reads in Hindi', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    stubFetch({
      'POST /api/case/getCaseTimeline': { body: { data: PAGE_TWO, meta: { total: 1, page: 1, pageSize: 20 } } },
      'POST /api/case/getCaseStaff': { body: { data: [] } },
    });
    renderWithProviders(<CaseTimeline caseId={12} ngoId={2} version="v1" />);
    expect(await screen.findByText('केस बनाया गया', {}, { timeout: 8_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'केस का इतिहास' })).toBeTruthy();
  });
});
