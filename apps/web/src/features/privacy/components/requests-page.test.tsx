import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { DataRequest, Me } from '@rescuedesk/shared';
import { stubFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { RequestsPage } from './requests-page';

const FOUNDER = { id: 3, role: 'Founder', ngoId: 2, name: 'Farah Founder' } as Me;
const ERASURE: DataRequest = { id: 7, ngoId: 2, kind: 'erasure', receivedOn: '2026-11-26', dueOn: '2026-12-26', doneOn: null, subject: '98xxxxx001', handledBy: null, reason: null, outcome: null };

describe('RequestsPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('finds what is held with what an erasure keeps, and erases a request with its reason after a confirmation', async () => {
    const fetchMock = stubFetch({
      'POST /api/privacy/getDataRequests': { body: { data: [ERASURE] } },
      'POST /api/privacy/findPersonalData': {
        body: { data: [{ kind: 'case', id: 12, label: '#12', name: 'Kavya Iyer', phone: '9845020001', altPhone: null, email: null, status: 'Reported', date: '2026-11-20', keptBecause: 'openCase' }] },
      },
      'POST /api/privacy/eraseDataRequest': { body: { data: { ...ERASURE, doneOn: '2026-11-29', handledBy: 'Farah Founder', reason: 'Asked', outcome: { erased: { cases: 1, reporters: 0, citizenReports: 0 }, kept: [] } } } },
    });
    const { user } = renderWithProviders(<RequestsPage me={FOUNDER} />, { route: '/privacy/requests' });

    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '9845020001');
    await user.click(screen.getByRole('button', { name: 'Find what we hold' }));
    expect(await screen.findByText('Kept: the case is still open, and the reporter may be called about the animal.')).toBeTruthy();
    expect(screen.getByText('Kavya Iyer · 9845020001')).toBeTruthy();

    const card = (await screen.findByText('98xxxxx001')).closest('div[class*="Paper"]') as HTMLElement;
    await user.type(within(card).getByRole('textbox', { name: 'Reason for erasing' }), 'Asked');
    await user.click(within(card).getByRole('button', { name: 'Erase' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Erase' }));
    expect(await screen.findByText('Erased. The register shows what was kept, and why.')).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.map(([url, init]) => [String(url), String(init?.body)])).toContainEqual([expect.stringContaining('/eraseDataRequest'), JSON.stringify({ id: 7, reason: 'Asked' })]));
  });
});
