import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { DuplicateSuggestion, Translate } from '@rescuedesk/shared';
import { stubFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { reportDuplicatesQueryOptions } from '../api/get-duplicate-suggestions';
import { DuplicateSuggestions } from './duplicate-suggestions';

const t = ((key: string, values?: Record<string, unknown>) => i18n._(key, values)) as Translate;

const SUGGESTIONS: DuplicateSuggestion[] = [
  { kind: 'case', id: 41, code: null, animal: 'Dog', place: 'MG Road', receivedAt: '2026-11-29T08:31:00.000Z', distanceM: 120, hoursApart: 2, photoLikeness: 100, score: 89 },
  { kind: 'report', id: 7, code: 'DP333332', animal: 'Dog', place: null, receivedAt: '2026-11-29T09:31:00.000Z', distanceM: 200, hoursApart: 1, photoLikeness: null, score: 66 },
];

describe('DuplicateSuggestions', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('lists the likely duplicates of a report, each with why, the case opening from its link', async () => {
    const fetchMock = stubFetch({ 'POST /api/intake/getDuplicateSuggestions': { body: { data: SUGGESTIONS } } });
    renderWithProviders(<DuplicateSuggestions reportId={12} t={t} />);
    const region = await screen.findByRole('region', { name: 'Maybe the same animal' });
    expect(within(region).getByRole('link', { name: 'Case #41' }).getAttribute('href')).toBe('/dashboard/case?id=41');
    expect(within(region).getByText('120 m away · 2 h apart · photos 100% alike')).toBeTruthy();
    expect(within(region).getByText('Report DP333332, not triaged yet')).toBeTruthy();
    expect(within(region).getByText('200 m away · 1 h apart · no photos to compare')).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ reportId: 12 });
  });

  it('shows nothing when nothing is near, and reads in Hindi', async () => {
    stubFetch({ 'POST /api/intake/getDuplicateSuggestions': { body: { data: [] } } });
    const { unmount, queryClient } = renderWithProviders(<DuplicateSuggestions reportId={12} t={t} />);
    // The answer came (an empty list) and drew nothing.
    await vi.waitFor(() => expect(queryClient.getQueryData(reportDuplicatesQueryOptions(12).queryKey)).toEqual([]));
    expect(screen.queryByRole('region')).toBeNull();
    unmount();

    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    stubFetch({ 'POST /api/intake/getDuplicateSuggestions': { body: { data: SUGGESTIONS } } });
    renderWithProviders(<DuplicateSuggestions reportId={13} t={t} />);
    expect(await screen.findByRole('region', { name: 'शायद वही जानवर' })).toBeTruthy();
    expect(screen.getByText('120 मीटर दूर · 2 घंटे का अंतर · फ़ोटो 100% मिलती-जुलती')).toBeTruthy();
  });

  it('merges the report into a suggested case, with a toast', async () => {
    const fetchMock = stubFetch({
      'POST /api/intake/getDuplicateSuggestions': { body: { data: SUGGESTIONS } },
      'POST /api/intake/mergeReport': { body: { data: { id: 12, status: 'accepted', caseId: 41 } } },
      'POST /api/intake/getReports': { body: { data: [], meta: { total: 0, page: 1, pageSize: 20 } } },
    });
    const { user } = renderWithProviders(<DuplicateSuggestions reportId={12} t={t} />);
    await user.click(await screen.findByRole('button', { name: 'Merge into case #41' }));
    expect(await screen.findByText('Report merged into case #41: its tracking page follows that case now.')).toBeTruthy();
    const merge = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/intake/mergeReport'))!;
    expect(JSON.parse(String(merge[1]?.body))).toEqual({ reportId: 12, caseId: 41 });
    // A report not triaged yet is no case: nothing to merge into.
    expect(screen.queryByRole('button', { name: /Merge into case #7$/ })).toBeNull();
  });
});
