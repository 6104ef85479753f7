import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MapMarker } from '@rescuedesk/shared';
import { stubFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { messages as en } from '../../../lib/i18n/catalogues/en';
import { messages as hi } from '../../../lib/i18n/catalogues/hi';
import { i18n } from '../../../lib/i18n/i18n';
import { CaseMapSlot } from './case-map-slot';

vi.mock('leaflet/dist/leaflet.css', () => ({}));

const SETTINGS = { tileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png', attribution: 'Test tiles' };
const MARKERS: MapMarker[] = [
  { kind: 'case', count: 1, latitude: 12.97, longitude: 77.59, id: 12, status: 'Admitted', since: '2026-11-20', ageDays: 9 },
  { kind: 'case', count: 14, latitude: 12.9, longitude: 77.6, id: null, status: null, since: '2026-11-01', ageDays: 28 },
  { kind: 'report', count: 1, latitude: 12.95, longitude: 77.62, id: 5, status: null, since: '2026-11-29', ageDays: 0 },
  { kind: 'case', count: 1, latitude: 12.99, longitude: 77.57, id: 13, status: 'Reported', since: '2026-11-28', ageDays: 1 },
];

// jsdom lays nothing out: the map's box is given a size, so that Leaflet draws its tiles and markers
// (Element's own sizes, of zero, are back once these are removed).
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 360 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 400 });
});
afterAll(() => {
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
});
afterEach(() => {
  vi.unstubAllGlobals();
  i18n.loadAndActivate({ locale: 'en', messages: en });
});

function stubMap() {
  return stubFetch({
    'POST /api/map/getSettings': { body: { data: SETTINGS } },
    'POST /api/map/getMarkers': { body: { data: { markers: MARKERS } } },
  });
}

describe('CaseMapSlot', () => {
  it("asks for the viewport's markers with the dashboard's filters and draws each with what it is, in words", async () => {
    const fetchMock = stubMap();
    renderWithProviders(<CaseMapSlot type="OPD" search="market" />);
    expect(await screen.findByRole('button', { name: 'Case #12, Admitted, 9 days old' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '14 cases and reports here: zoom in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New citizen report, today' })).toBeTruthy();
    const asked = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/map/getMarkers')).map(([, init]) => JSON.parse(String(init?.body)));
    expect(asked[0]).toMatchObject({ type: 'OPD', search: 'market', zoom: expect.any(Number), south: expect.any(Number), north: expect.any(Number) });
  });

  it('opens the case of a tapped marker', async () => {
    stubMap();
    const { router } = renderWithProviders(<CaseMapSlot type="All" search={undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Case #12, Admitted, 9 days old' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/dashboard/case?id=12'));
  });

  it('opens the report of a tapped report marker in the intake', async () => {
    stubMap();
    const { router } = renderWithProviders(<CaseMapSlot type="All" search={undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'New citizen report, today' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/intake?report=5'));
  });

  it('lets a planner pick case markers and plan a run of them, a cluster still zooming in', async () => {
    stubMap();
    const { router } = renderWithProviders(<CaseMapSlot type="All" search={undefined} canPlan />);
    fireEvent.click(await screen.findByRole('button', { name: 'Case #12, Admitted, 9 days old' }));
    const panel = screen.getByRole('region', { name: 'Chosen marker' });
    expect(within(panel).getByText('Case #12, Admitted, 9 days old')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Open case' })).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Add to run' }));
    expect(screen.queryByRole('region', { name: 'Chosen marker' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Case #12, Admitted, 9 days old, picked for a run' })).toBeTruthy();
    expect(screen.getByTestId('map-picked').textContent).toBe('1 case picked');

    fireEvent.click(screen.getByRole('button', { name: 'Case #13, Reported, 1 day old' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to run' }));
    expect(await screen.findByText('2 cases picked')).toBeTruthy();
    // Tapped again, a picked case is offered off the run.
    fireEvent.click(screen.getByRole('button', { name: 'Case #12, Admitted, 9 days old, picked for a run' }));
    expect(screen.getByRole('button', { name: 'Remove from run' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    fireEvent.click(screen.getByRole('button', { name: '14 cases and reports here: zoom in' }));
    expect(screen.queryByRole('region', { name: 'Chosen marker' })).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    fireEvent.click(screen.getByRole('button', { name: 'Plan a run' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/runs/plan?cases=12,13'));
  });

  it('keeps the picks in the address, so a reload or Back from a case finds them still picked', async () => {
    stubMap();
    const { router } = renderWithProviders(<CaseMapSlot type="All" search={undefined} canPlan />, { route: '/dashboard?view=map&picked=13,x,13' });
    expect(await screen.findByRole('button', { name: 'Case #13, Reported, 1 day old, picked for a run' })).toBeTruthy();
    expect(screen.getByTestId('map-picked').textContent).toBe('1 case picked');
    fireEvent.click(screen.getByRole('button', { name: 'Case #12, Admitted, 9 days old' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to run' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=map&picked=13%2C12'));
    // Picking replaces the address: Back leaves the map instead of undoing a pick.
    expect(router.state.historyAction).toBe('REPLACE');
    fireEvent.click(screen.getByRole('button', { name: 'Clear picks' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=map'));
    expect(screen.queryByTestId('map-picked')).toBeNull();
  });

  it('offers the picking in Hindi', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    stubMap();
    renderWithProviders(<CaseMapSlot type="All" search={undefined} canPlan />);
    fireEvent.click(await screen.findByRole('button', { name: /^केस #12,/ }));
    fireEvent.click(screen.getByRole('button', { name: 'राउंड में जोड़ें' }));
    expect(await screen.findByText('1 केस चुना गया')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'राउंड तय करें' })).toBeTruthy();
  });

  it('says the tile server cannot be reached when a tile fails online, in Hindi too, and keeps the markers', async () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    stubMap();
    const { container } = renderWithProviders(<CaseMapSlot type="All" search={undefined} />);
    await screen.findByRole('button', { name: /केस #12/ });
    const tile = await waitFor(() => {
      const img = container.querySelector<HTMLImageElement>('img.leaflet-tile');
      expect(img).not.toBeNull();
      return img!;
    });
    fireEvent.error(tile);
    expect((await screen.findByRole('status')).textContent).toBe('नक्शे का सर्वर नहीं मिल रहा: निशान सादी ग्रिड पर दिखाए गए हैं।');
    expect(screen.getByRole('button', { name: /केस #12/ })).toBeTruthy();
    expect(container.querySelectorAll('.leaflet-tile-container div').length).toBeGreaterThan(0);
  });
});
