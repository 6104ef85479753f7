import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RunCandidate } from '@rescuedesk/shared';
import { MANAGER } from '../../../../test/accounts';
import { stubFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { i18n } from '../../../lib/i18n/i18n';
import { casesOfAddress, RunPlanner } from './run-planner';

const VAN = { latitude: 12.9716, longitude: 77.5946 };
const candidate = (id: number, metresNorth: number): RunCandidate => ({
  id,
  status: 'Reported',
  location: `Lane ${id}`,
  landmark: null,
  pincode: '560001',
  wardZone: null,
  uniqueID: null,
  latitude: +(VAN.latitude + metresNorth / 111_195).toFixed(6),
  longitude: VAN.longitude,
});
const CANDIDATES = [candidate(3, 300), candidate(4, 1200), candidate(5, 6000)];

afterEach(() => {
  vi.unstubAllGlobals();
  i18n.loadAndActivate({ locale: 'en', messages: en });
});

/** The server's answer: the asked ids among the candidates, or the candidates within the circle. */
function stubPlanner() {
  vi.stubGlobal(
    'navigator',
    Object.assign(Object.create(navigator) as Navigator, {
      geolocation: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { ...VAN, accuracy: 8 } } as GeolocationPosition) },
    }),
  );
  return stubFetch({
    'POST /api/run/getNgoBase': { body: { data: null } },
    'POST /api/case/getDirectoryChoices': { body: { data: { vets: [], staff: [], reporters: [] } } },
    'POST /api/run/getRunCandidates': (init) => {
      const body = JSON.parse(String(init.body)) as { ids?: number[]; near?: { radiusKm: number } };
      let data = CANDIDATES;
      if (body.ids) data = CANDIDATES.filter((c) => body.ids!.includes(c.id));
      if (body.near) data = data.filter((c) => (c.latitude - VAN.latitude) * 111_195 <= body.near!.radiusKm * 1000);
      return { body: { data, meta: { total: data.length, page: 1, pageSize: 100 } } };
    },
  });
}

describe('casesOfAddress', () => {
  it('reads whole ids once each, says what it could not read, and keeps at most a run of them', () => {
    expect(casesOfAddress('3,4,3, 9')).toEqual({ ids: [3, 4, 9], unreadable: false, tooMany: false });
    expect(casesOfAddress('3,x,-1,0')).toEqual({ ids: [3], unreadable: true, tooMany: false });
    expect(casesOfAddress(null)).toEqual({ ids: [], unreadable: false, tooMany: false });
    const many = casesOfAddress(Array.from({ length: 61 }, (_, i) => i + 1).join(','));
    expect(many.ids).toHaveLength(60);
    expect(many.tooMany).toBe(true);
  });
});

describe('RunPlanner', () => {
  it('chooses the cases handed from the map that the server answers, and names those left out', async () => {
    const fetchMock = stubPlanner();
    renderWithProviders(<RunPlanner me={MANAGER} />, { route: '/runs/plan?cases=4,3,9,abc' });
    expect((await screen.findByTestId('run-from-map')).textContent).toBe('2 cases from the map are chosen.');
    expect(screen.getByTestId('run-dropped').textContent).toBe("Case #9 was left out: only this NGO's open cases with a GPS point can go on a run.");
    expect(screen.getByText('The list of cases in the address could not be read: choose cases below.')).toBeTruthy();
    const asked = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/run/getRunCandidates')).map(([, init]) => JSON.parse(String(init?.body)));
    expect(asked).toContainEqual({ ids: [4, 3, 9], pageSize: 100 });
    // Ordered from the van: the nearer case first.
    await waitFor(() => expect(within(screen.getByTestId('run-order')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['#3 Lane 3, 560001', '#4 Lane 4, 560001']));
    expect((screen.getByRole('checkbox', { name: 'Put case #3 on the run' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Put case #5 on the run' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Take case #4 off the run' }));
    await waitFor(() => expect(within(screen.getByTestId('run-order')).getAllByRole('listitem')).toHaveLength(1));
  });

  it('lists only the open cases near this device when asked, with how far each is, in Hindi too', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    const fetchMock = stubPlanner();
    renderWithProviders(<RunPlanner me={MANAGER} />, { route: '/runs/plan' });
    await screen.findByRole('checkbox', { name: 'केस #5 को राउंड में जोड़ें' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'सिर्फ़ इस फ़ोन के आस-पास के केस' }));
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'केस #5 को राउंड में जोड़ें' })).toBeNull());
    expect(screen.getByTestId('run-candidates').textContent).toContain('1.2 किमी दूर');
    const asked = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/run/getRunCandidates')).map(([, init]) => JSON.parse(String(init?.body)));
    expect(asked.at(-1)).toMatchObject({ near: { ...VAN, radiusKm: 5 }, pageSize: 100 });
  });
});
