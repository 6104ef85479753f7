import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AccessLogEntry } from '@rescuedesk/shared';
import { stubFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { AccessLogPage } from './access-log-page';

const ENTRY: AccessLogEntry = { id: 9, at: '2026-11-28T06:30:00.000Z', ngoId: 2, userId: 31, userName: 'Wasim Worker', userRole: 'Worker', recordType: 'case', recordId: '12', field: 'reporterContact', reason: 'reveal' };
const pageOf = (rows: AccessLogEntry[]) => ({ body: { data: rows, meta: { total: rows.length, page: 1, pageSize: 20 } } });

describe('AccessLogPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists who revealed what on which case, and asks again for the case number typed', async () => {
    const fetchMock = stubFetch({
      'POST /api/privacy/getAccessLog': (init) => (JSON.parse(String(init.body)).recordId === '13' ? pageOf([]) : pageOf([ENTRY])),
      'POST /api/user/getUsers': { body: { data: [], meta: { total: 0, page: 1, pageSize: 100 } } },
    });
    const { user } = renderWithProviders(<AccessLogPage />);

    const table = await screen.findByRole('table', { name: 'Who saw personal data' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Wasim Worker (Worker)')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Case #12' }).getAttribute('href')).toBe('/dashboard/case?id=12');
    expect(within(row).getByText('Phone Number')).toBeTruthy();
    expect(within(row).getByText('Revealed')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Case number' }), '13');
    expect(await screen.findByText('Nobody saw personal data with these filters.')).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body ?? '{}')))).toContainEqual({ recordId: '13', page: 1, pageSize: 20 }));
  });
});
