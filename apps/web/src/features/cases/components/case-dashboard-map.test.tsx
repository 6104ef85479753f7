import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { Me } from '@rescuedesk/shared';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch';
import { i18n } from '../../../lib/i18n/i18n';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { buildCaseList, buildListItem } from '../test/case-factory';
import { CaseDashboard, type DashboardMapFilters } from './case-dashboard';

const WORKER: Me = { id: 6, role: 'Worker', ngoId: 2, name: 'Wasim Worker', username: 'worker', email: 'worker@example.org', profileImage: null, ngoName: 'Green Paws Trust', language: 'en' };

function Where() {
  const location = useLocation();
  return <output aria-label="Current address">{location.pathname + location.search}</output>;
}

/** A stand-in for the map, showing the filters it was handed. */
function FakeMap({ type, search }: DashboardMapFilters) {
  return <p>{`map of ${type} ${search ?? '-'}`}</p>;
}

describe('CaseDashboard, List | Map', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('switches to the map with the tab and search of the list, keeps the view in the address, and back', async () => {
    stubFetch({ 'POST /api/case/getCaseByType': { body: buildCaseList([buildListItem()]) } });
    const { user } = renderWithProviders(
      <>
        <CaseDashboard me={WORKER} map={(filters) => <FakeMap {...filters} />} />
        <Where />
      </>,
      { route: '/dashboard?type=OPD&q=market' },
    );
    const group = screen.getByRole('group', { name: 'Show cases as' });
    expect(screen.getByRole('button', { name: 'List', pressed: true })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Map', pressed: false }));
    expect(await screen.findByText('map of OPD market')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Current address' }).textContent).toBe('/dashboard?type=OPD&q=market&view=map');
    expect(group.contains(screen.getByRole('button', { name: 'Map', pressed: true }))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.queryByText('map of OPD market')).toBeNull();
    expect(screen.getByRole('status', { name: 'Current address' }).textContent).toBe('/dashboard?type=OPD&q=market');
  });

  it('names the two views in Hindi, and offers no map when the page gives none', () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    stubFetch({ 'POST /api/case/getCaseByType': { body: buildCaseList([]) } });
    const { unmount } = renderWithProviders(<CaseDashboard me={WORKER} map={(filters) => <FakeMap {...filters} />} />, { route: '/dashboard' });
    expect(screen.getByRole('button', { name: 'नक्शा' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'सूची' })).toBeTruthy();
    unmount();
    renderWithProviders(<CaseDashboard me={WORKER} />, { route: '/dashboard?view=map' });
    expect(screen.queryByRole('button', { name: 'नक्शा' })).toBeNull();
  });
});
