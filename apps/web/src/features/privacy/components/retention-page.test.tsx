import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Me, RetentionPreview } from '@rescuedesk/shared';
import { stubFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { RetentionPage } from './retention-page';

const FOUNDER = { id: 3, role: 'Founder', ngoId: 2, name: 'Farah Founder' } as Me;
const PREVIEW: RetentionPreview = {
  ngoId: 2,
  months: 12,
  cutoff: '2025-11-28T18:30:00.000Z',
  cutoffDay: '2025-11-29',
  counts: { cases: 1, reporters: 0, citizenReports: 1 },
  records: [
    { kind: 'case', id: 12, label: '#12', name: 'Axxxx', phone: '+91 98xxx xx345', email: null },
    { kind: 'citizenReport', id: 4, label: 'K7Q2', name: 'Rxxx', phone: '98xxxxx777', email: null },
  ],
  lastRun: { day: '2026-11-28', startedAt: '2026-11-28T00:10:00.000Z', counts: { cases: 3, reporters: 1, citizenReports: 0 } },
};

describe('RetentionPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the period, what stays and why, the masked records of the next run, and runs it after a confirmation', async () => {
    const fetchMock = stubFetch({
      'POST /api/privacy/getRetentionPreview': { body: { data: PREVIEW } },
      'POST /api/privacy/runRetention': { body: { data: { ran: true, run: { day: '2026-11-29', startedAt: '2026-11-29T05:00:00.000Z', counts: { cases: 1, reporters: 0, citizenReports: 1 } } } } },
    });
    const { user } = renderWithProviders(<RetentionPage me={FOUNDER} />, { route: '/privacy/retention' });

    expect(await screen.findByText(/emptied 12 months after their case closes/)).toBeTruthy();
    expect(screen.getByText('What stays, and why')).toBeTruthy();
    expect(screen.getByText('Closed cases last changed before 29/11/2025')).toBeTruthy();
    expect(screen.getByText('Case #12')).toBeTruthy();
    expect(screen.getByText('Axxxx · +91 98xxx xx345')).toBeTruthy();
    expect(screen.getByText('Citizen report K7Q2')).toBeTruthy();
    expect(screen.getByText('Last run on 28/11/2026: 3 cases, 1 directory reporters, 0 citizen reports.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Retention' }).getAttribute('aria-selected')).toBe('true');

    await user.click(screen.getByRole('button', { name: "Run today's anonymisation now" }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Anonymise' }));
    expect(await screen.findByText('Done: 1 cases, 0 directory reporters, 1 citizen reports.')).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/runRetention'))).toHaveLength(1));
  });
});
